import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'events/src/**/*.test.ts',
      'command-api/src/**/*.test.ts',
      'projector/src/**/*.test.ts',
      'projector/testing/**/*.test.ts',
      'documents/src/**/*.test.ts',
      'rules/src/**/*.test.ts',
      'read-api/src/**/*.test.ts',
      'ui/src/**/*.test.ts',
      'ui/server/**/*.test.ts',
      'e2e/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    globalSetup: ['scripts/test-postgres.ts', 'scripts/test-ui-build.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    // One place for how long a poll may wait, end-to-end tests included (no test sets its own): the suite runs two
    // files at once on a 2-core machine, and an end-to-end file's first screen can wait for a core while the other
    // file's product starts (five processes each): 30 s, with 60 s for a test that sets no time of its own.
    // requireAssertions: a test that asserts nothing fails, so a check cannot be lost without notice.
    expect: { requireAssertions: true, poll: { timeout: 30_000, interval: 50 } },
  },
});
