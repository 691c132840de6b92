import { defineConfig } from 'vitest/config';

/**
 * Tests by what they start. `unit`: pure code, jsdom components, machines; no emulator, process,
 * server or database, so it runs in seconds. `integration`: servers, Postgres/PGlite, child
 * processes and the Auth Emulator (started once, or reused, by the global setup).
 * End-to-end tests run under Playwright instead.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/machines/**/*.test.ts'],
          environment: 'node',
          testTimeout: 5_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/globalSetup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
