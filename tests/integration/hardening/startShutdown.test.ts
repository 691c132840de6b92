import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/openDatabase';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { createTestUser } from '../../support/emulator';
import { freePort } from '../../support/freePort';
import { bearer, promptBody, TEST_STORAGE_SECRET, tempDataDir, waitFor } from '../../support/generationApp';
import { seedDatabase } from '../../support/pgliteTemplate';
import { saveBody } from '../library/posesSupport';

// `npm start` (server/cli/start.ts, with the Auth Emulator already running: it reuses it) on
// SIGTERM closes the server before anything else: a request in flight gets its answer, and the
// running job goes back to the queue at once, not when its lease runs out.

let gpu: ComfyUiTestServer;
beforeAll(async () => {
  gpu = await new ComfyUiTestServer().start();
  gpu.behaviour = 'hang';
});
afterAll(() => gpu.close());

/** Sends a request's head and half its body now; send() the rest later; answer resolves with what came back. */
function halfSent(port: number, head: string, body: string): { send(): void; answer: Promise<string> } {
  const socket = net.connect(port, '127.0.0.1');
  const half = Math.floor(body.length / 2);
  socket.write(`${head}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`);
  let text = '';
  socket.on('data', (chunk) => (text += chunk));
  const answer = new Promise<string>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
  return { send: () => socket.write(body.slice(half)), answer };
}

describe('npm start (server/cli/start.ts) on SIGTERM', () => {
  it('finishes the request in flight and hands the running job back to the queue before exiting', async () => {
    const dataDir = tempDataDir();
    await seedDatabase(dataDir);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STORAGE_SECRET: TEST_STORAGE_SECRET,
        ENGINE: 'comfyui',
        COMFYUI_URLS: gpu.url,
        LOG_LEVEL: 'error',
        WEB_ROOT: dataDir,
        ESTIMATOR_PRELOAD: '0',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      () =>
        fetch(`${base}/v1/health`).then(
          (r) => r.ok,
          () => false,
        ),
      30_000,
      'the server to answer',
    );
    const user = await createTestUser('npm-start');
    const res = await fetch(`${base}/v1/query_prompt`, {
      method: 'POST',
      headers: { ...bearer(user), 'content-type': 'application/json' },
      body: JSON.stringify(promptBody({ gNumber: 1 })),
    });
    const { prompt_id } = ((await res.json()) as { data: { prompt_id: string } }).data;
    await waitFor(async () => gpu.prompts.length === 1, 10_000, 'the job to reach ComfyUI');

    const save = halfSent(
      port,
      `POST /v1/poses HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${user.idToken}\r\nContent-Type: application/json\r\n`,
      JSON.stringify(saveBody({ name: 'In flight' })),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    save.send();
    const answer = await save.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain('"name":"In flight"');
    expect(await exited).toBe(0);

    const db = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'db') });
    const { rows } = await db.query('SELECT status, worker FROM jobs WHERE id = $1', [prompt_id]);
    await db.close();
    expect(rows).toEqual([{ status: 'queued', worker: null }]);
  }, 60_000);
});
