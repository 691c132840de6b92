import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { openDatabase } from '../../server/db/openDatabase';
import type { ComfyUiTestServer } from './comfyuiTestServer';
import { createTestUser, type TestUser } from './emulator';
import { freePort } from './freePort';
import { bearer, promptBody, TEST_ENV, TEST_STORAGE_SECRET, tempDataDir, waitFor } from './generationApp';
import { seedDatabase } from './pgliteTemplate';

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

/** The commands that start the server: the server itself, or `npm start` (which starts or reuses the Auth Emulator first). */
export type ServerEntry = 'server/main.ts' | 'server/cli/start.ts';

/** Starts the real server on a data folder (and a free port unless given) and waits until it answers. */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  port?: number,
  entry: ServerEntry = 'server/main.ts',
): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
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

/** A server process whose one job is running on the test GPU, with the user who asked for it. */
export interface ServerWithRunningJob {
  server: ServerProcess;
  user: TestUser;
  promptId: string;
  /** The job's row as the database holds it once the server has exited (the data folder is free again). */
  jobRowAfterExit(columns: string): Promise<Record<string, unknown>[]>;
}

/** Starts the server on a fresh seeded data folder with `gpu` as its ComfyUI, asks for one image and waits until the job reaches the GPU. */
export async function startServerWithRunningJob(gpu: ComfyUiTestServer, entry: ServerEntry, userName: string): Promise<ServerWithRunningJob> {
  const dataDir = tempDataDir();
  await seedDatabase(dataDir);
  const server = await startServerProcess(dataDir, { ENGINE: 'comfyui', COMFYUI_URLS: gpu.url }, undefined, entry);
  const user = await createTestUser(userName);
  const res = await fetch(`${server.base}/v1/query_prompt`, {
    method: 'POST',
    headers: { ...bearer(user), 'content-type': 'application/json' },
    body: JSON.stringify(promptBody({ gNumber: 1 })),
  });
  const promptId = ((await res.json()) as { data: { prompt_id: string } }).data.prompt_id;
  await waitFor(async () => gpu.prompts.length === 1, 10_000, 'the job to reach ComfyUI');
  const jobRowAfterExit = async (columns: string) => {
    const db = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'db') });
    try {
      return (await db.query(`SELECT ${columns} FROM jobs WHERE id = $1`, [promptId])).rows;
    } finally {
      await db.close();
    }
  };
  return { server, user, promptId, jobRowAfterExit };
}
