import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { freePort } from '../../support/freePort';

/** The app run against a ComfyUI test server: the two, and the app's origin for the browser. */
export interface ComfyApp {
  gpu: ComfyUiTestServer;
  base: string;
  stop(): Promise<void>;
}

/**
 * Starts a ComfyUI test server and the real server (server/main.ts serving the production build)
 * with ENGINE=comfyui against it, on a free port and an empty data folder: the e2e run's own
 * server uses the mannequin engine, so a spec about ComfyUI starts this one beside it.
 */
export async function startComfyApp(env: Record<string, string> = {}): Promise<ComfyApp> {
  const gpu = await new ComfyUiTestServer().start();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-e2e-comfy-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      AUTH_EMULATOR: '1',
      ESTIMATOR_PRELOAD: '0',
      ENGINE: 'comfyui',
      COMFYUI_URLS: gpu.url,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await gpu.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ComfyUI app exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { gpu, base, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the ComfyUI app did not answer within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
