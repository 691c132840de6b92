import { defineConfig } from 'vitest/config';

/** Tests that start nothing but take seconds each (reading whole corpora of drawings): `slow`, not `unit`. */
const SLOW_TESTS = 'tests/**/*.slow.test.ts';

/**
 * Tests by what they start and how long they take. `unit`: pure code, jsdom components, machines; no
 * emulator, process, server or database, so the whole project runs in well under a minute. `slow`:
 * the same kind of test, each file taking seconds (`*.slow.test.ts`); `npm test` runs it after `unit`.
 * `integration`: servers, Postgres/PGlite, child processes and the Auth Emulator (started once, or
 * reused, by the global setup). End-to-end tests run under Playwright instead.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/machines/**/*.test.ts'],
          exclude: [SLOW_TESTS],
          // Files share a worker's module cache: on 2 cores, importing and setting up every file afresh
          // took three quarters of the run. Each file still passes alone and in any order (shuffled).
          isolate: false,
          environment: 'node',
          testTimeout: 5_000,
        },
      },
      {
        test: {
          name: 'slow',
          include: [SLOW_TESTS],
          environment: 'node',
          testTimeout: 60_000,
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
