import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A production server started for a benchmark, on a spare port with its own data folder. */
export interface BenchServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts `server/main.ts` (serving the existing dist/ build) and waits for /v1/health. */
export async function startBenchServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'development', AUTH_EMULATOR: '1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/v1/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
