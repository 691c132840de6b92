import { defineConfig } from 'vitest/config';

/** Unit and machine tests; end-to-end tests run under Playwright instead. */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/machines/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/globalSetup.ts'],
    testTimeout: 20_000,
  },
});
