import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure logic, beside the code), `integration` (the app and its database,
 * each suite on both PGlite and a real PostgreSQL server) and `e2e` (whole processes and a browser).
 * The global setup starts the PostgreSQL server once per run.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'api/src/**/*.test.ts',
            'operator/src/**/*.test.ts',
            'cli/src/**/*.test.ts',
            'agent/src/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['api/**/*.int.test.ts', 'operator/**/*.int.test.ts', 'agent/**/*.int.test.ts'],
          globalSetup: ['api/src/test/global-setup.ts'],
          testTimeout: 60_000,
          // Suites that start servers (PostgreSQL databases, MinIO, Garage, an API process) in
          // beforeAll: on 2 cores shared with the e2e files, a start has taken over a minute.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['api/src/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
