import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['events/src/**/*.test.ts', 'command-api/src/**/*.test.ts', 'projector/src/**/*.test.ts', 'read-api/src/**/*.test.ts', 'ui/src/**/*.test.ts', 'ui/server/**/*.test.ts', 'e2e/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['scripts/test-postgres.ts', 'scripts/test-ui-build.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
