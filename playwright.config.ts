import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './tests/support/chromium';

const port = Number(process.env.E2E_PORT ?? 8181);
// Every run starts on an empty data folder (database, files), so runs neither see nor lock each other's.
const dataDir = (process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-e2e-')));

/** End-to-end tests: Debian's Chromium against the real server serving the production build. */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/support/globalSetup.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    // Local development with the Auth Emulator: both must be said, the server defaults to production.
    // A storage quota small enough for tests/e2e/storage.spec.ts to reach. One mannequin worker for long prompts
    // (tests/e2e/support/busyQueue.ts fills it) beside the lane for short ones, as the product runs.
    env: {
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      AUTH_EMULATOR: '1',
      USER_STORAGE_QUOTA_MB: '50',
    },
    url: `http://localhost:${port}/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
