import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/openDatabase';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, promptBody, tempDataDir, waitFor } from '../../support/generationApp';
import { seedDatabase } from '../../support/pgliteTemplate';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';

// Faults that only a real server process shows: kill -9 in the middle of generation, and SIGTERM
// with a request still arriving. (SIGTERM with a running job: tests/integration/server/shutdown.test.ts.)

let gpu: ComfyUiTestServer;
let alice: TestUser;
const running: ServerProcess[] = [];

beforeAll(async () => {
  gpu = await new ComfyUiTestServer().start();
  alice = await createTestUser('process-faults');
}, 60_000);
afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});
afterAll(() => gpu.close());

async function start(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess(dataDir, env);
  running.push(server);
  return server;
}

async function api<T>(server: ServerProcess, pathAndQuery: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.base}${pathAndQuery}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...bearer(alice), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, pathAndQuery).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

describe('kill -9 in the middle of generation', () => {
  it('loses and duplicates nothing: after a restart every job is done exactly once', async () => {
    const dataDir = tempDataDir();
    await seedDatabase(dataDir);
    const env = { ENGINE: 'comfyui', COMFYUI_URLS: gpu.url, JOB_LEASE_S: '2', JOB_POLL_MS: '50' };
    gpu.behaviour = 'hang';
    const first = await start(dataDir, env);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await api<{ prompt_id: string }>(first, '/v1/query_prompt', promptBody({ width: 48, height: 32, gNumber: 2, prompt: `job ${i}` }))).prompt_id);
    await waitFor(async () => gpu.prompts.length === 1, 15_000, 'the first job to reach ComfyUI');
    expect((await api<{ items: Array<{ status: string }> }>(first, `/v1/history?prompt_id=${ids[0]}`)).items[0].status).toBe('running');

    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    gpu.behaviour = 'finish';

    // The dead server's lock file and its job's lease are taken over; the job runs again.
    const second = await start(dataDir, env);
    type Item = { prompt_id: string; status: string; error: string | null; images: Array<{ url: string }> };
    const items = await waitFor(
      async () => {
        const { items } = await api<{ items: Item[] }>(second, '/v1/history?page_size=100');
        return items.every((i) => i.status === 'done' || i.status === 'failed') ? items : null;
      },
      30_000,
      'every job to end',
    );
    expect(items.map((i) => i.prompt_id).sort()).toEqual([...ids].sort());
    for (const item of items) {
      expect(item, item.prompt_id).toMatchObject({ status: 'done', error: null });
      expect(item.images).toHaveLength(2);
      for (const image of item.images) expect((await fetch(`${second.base}${image.url}`)).status).toBe(200);
    }
    // The killed job was sent to ComfyUI twice (before and after the kill), every other job once.
    const sent = gpu.prompts.map((p) => p.workflow);
    expect(sent).toHaveLength(5);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    const db = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'db') });
    const { rows } = await db.query<{ id: string; status: string; images: number }>(
      'SELECT id, status, json_array_length(images) AS images FROM jobs ORDER BY id',
    );
    await db.close();
    expect(rows).toEqual([...ids].sort().map((id) => ({ id, status: 'done', images: 2 })));
    // And on disk: two generated images a job, none left over from the killed run.
    const files = fs
      .readdirSync(path.join(dataDir, 'files'), { recursive: true })
      .map(String)
      .filter((f) => /image-\d+\.png$/.test(f));
    expect(files).toHaveLength(8);
  }, 120_000);
});

describe('SIGTERM while a request is still arriving', () => {
  it('finishes that request (the prompt is queued and kept), refuses new connections, and exits 0', async () => {
    const dataDir = tempDataDir();
    await seedDatabase(dataDir);
    const server = await start(dataDir, { ENGINE: 'comfyui', COMFYUI_URLS: gpu.url });
    const body = JSON.stringify(promptBody({ prompt: 'sent slowly' }));
    // "Expect: 100-continue": the server answers 100 when it takes the request in, so SIGTERM comes after that.
    const head = `POST /v1/query_prompt HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${alice.idToken}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`;
    const socket = net.connect(server.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(Buffer.concat(chunks).toString())));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(head);
    await waitFor(async () => Buffer.concat(chunks).toString().startsWith('HTTP/1.1 100 Continue'), 15_000, 'the server to take the request');
    socket.write(body.slice(0, 100));

    server.child.kill('SIGTERM');
    // Closing has begun once the port refuses new connections.
    await waitFor(
      () =>
        fetch(`${server.base}/v1/health`).then(
          () => false,
          () => true,
        ),
      15_000,
      'the port to close',
    );
    socket.end(body.slice(100));
    const response = (await answer).replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    const promptId = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)).data.prompt_id as string;
    expect(await server.exited).toBe(0);

    const db = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'db') });
    const { rows } = await db.query('SELECT prompt, status FROM jobs WHERE id = $1', [promptId]);
    await db.close();
    expect(rows).toEqual([{ prompt: 'sent slowly', status: 'queued' }]);
  }, 60_000);
});
