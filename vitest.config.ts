import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['events/src/**/*.test.ts', 'command-api/src/**/*.test.ts', 'projector/src/**/*.test.ts', 'projector/testing/**/*.test.ts', 'read-api/src/**/*.test.ts', 'ui/src/**/*.test.ts', 'ui/server/**/*.test.ts', 'e2e/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['scripts/test-postgres.ts', 'scripts/test-ui-build.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    // One place for how long a poll may wait, end-to-end tests included (no test sets its own): the suite runs two
    // files at once on a 2-core machine.
    // requireAssertions: a test that asserts nothing fails, so a check cannot be lost without notice.
    expect: { requireAssertions: true, poll: { timeout: 15_000, interval: 50 } },
  },
});
