import type { LaunchOptions } from '@playwright/test';

/** How Debian's headless Chromium is launched on this machine, by the end-to-end tests and the benchmarks alike. */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // No sandbox and no GPU in a container; nothing that reaches the network on its own (CI has none).
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
