import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './freePort';
import { TEST_ENV, TEST_STORAGE_SECRET, waitFor } from './generationApp';

/** `server/main.ts` running in its own process, as in production. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** What the server has written to stdout so far (its log lines, as JSON). */
  output(): string;
}

/** Starts the real server on a data folder (and a free port unless given) and waits until it answers. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      ...TEST_ENV,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STORAGE_SECRET: TEST_STORAGE_SECRET,
      LOG_LEVEL: 'error',
      WEB_ROOT: dataDir,
      ESTIMATOR_PRELOAD: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${listenOn}`;
  await waitFor(
    () =>
      child.exitCode !== null
        ? Promise.reject(new Error(`the server exited with ${child.exitCode}`))
        : fetch(`${base}/v1/health`).then(
            (r) => r.ok,
            () => false,
          ),
    30_000,
    'the server to answer',
  );
  return { child, port: listenOn, base, exited, output: () => output };
}
