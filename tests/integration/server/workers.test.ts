import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestUser, type TestUser } from '../../support/emulator';
import { failingEngine, gatedEngine } from '../../support/fakeEngines';
import { bearer, generationApp, promptBody, tempDataDir, waitFor } from '../../support/generationApp';

const LEASE_MS = 400;
const dataDir = tempDataDir();
let alice: TestUser;
let app: FastifyInstance | null = null;

const submit = async (a: FastifyInstance, body = promptBody({ width: 32, height: 24, gNumber: 2 })) => {
  const res = await a.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(alice), payload: body });
  expect(res.statusCode).toBe(200);
  return res.json().data.prompt_id as string;
};
const itemOf = async (a: FastifyInstance, id: string) =>
  (await a.inject({ method: 'GET', url: `/v1/history?prompt_id=${id}`, headers: bearer(alice) })).json().data.items[0];
const untilStatus = (a: FastifyInstance, id: string, status: string) =>
  waitFor(async () => ((await itemOf(a, id)).status === status ? itemOf(a, id) : null), 10_000, `${id} to be ${status}`);

beforeAll(async () => {
  alice = await createTestUser('alice');
});
afterEach(async () => {
  await app?.close();
  app = null;
});

describe('workers (one data folder, one app at a time, as across restarts)', () => {
  it('finishes after a restart every job queued before it: none lost, none run twice', async () => {
    const before = gatedEngine();
    app = await generationApp(dataDir, { engines: [before], workers: true, jobs: { leaseMs: LEASE_MS } });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await submit(app));
    await waitFor(async () => before.runs.length === 1, 5000, 'the first job to start');
    expect((await itemOf(app, ids[0])).status).toBe('running');
    await app.close(); // like SIGTERM: the running job is given back to the queue

    const after = gatedEngine(true);
    const finished: string[] = [];
    app = await generationApp(dataDir, { engines: [after], jobs: { leaseMs: LEASE_MS } });
    expect((await itemOf(app, ids[0])).status).toBe('queued');
    const pool = await app.generation.start();
    pool.events.on('finished', ({ id, outcome }) => outcome === 'done' && finished.push(id));
    for (const id of ids) {
      const item = await untilStatus(app, id, 'done');
      expect(item.images).toHaveLength(2);
    }
    expect(before.runs).toEqual([ids[0]]);
    expect(after.runs).toEqual(ids);
    expect(finished.sort()).toEqual([...ids].sort());
  });

  it('reclaims a job whose worker died once its lease runs out', async () => {
    const engine = gatedEngine(true);
    app = await generationApp(dataDir, { engines: [engine], jobs: { leaseMs: LEASE_MS } });
    const id = await submit(app);
    const { queue } = await app.generation.open();
    expect((await queue.claim('a-worker-that-dies', 'mannequin'))!.id).toBe(id);
    await app.generation.start();
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS / 2));
    expect((await itemOf(app, id)).status).toBe('running');
    expect(engine.runs).toEqual([]);
    await untilStatus(app, id, 'done');
    expect(engine.runs).toEqual([id]);
  });

  it('stops a running job when asked: at once on this server, and through the database from another', async () => {
    const engine = gatedEngine();
    app = await generationApp(dataDir, { engines: [engine], workers: true, jobs: { leaseMs: LEASE_MS } });
    const here = await submit(app);
    await waitFor(async () => engine.runs.includes(here), 5000, 'the job to start');
    const res = await app.inject({ method: 'POST', url: '/v1/stop_prompt', headers: bearer(alice), payload: { prompt_id: here } });
    expect(res.json().data).toEqual({ prompt_id: here, status: 'stopped' });
    expect((await itemOf(app, here)).images).toEqual([]);

    // Another instance can only set the flag; the worker sees it at its next heartbeat.
    const there = await submit(app);
    await waitFor(async () => engine.runs.includes(there), 5000, 'the second job to start');
    const { store } = await app.generation.open();
    expect(await store.requestStop(there)).toBe(true);
    await untilStatus(app, there, 'stopped');
  });

  it("marks a job failed with the engine's reason", async () => {
    app = await generationApp(dataDir, { engines: [failingEngine('ComfyUI at http://gpu:8188 is not reachable')], workers: true });
    const id = await submit(app);
    const item = await untilStatus(app, id, 'failed');
    expect(item.error).toBe('ComfyUI at http://gpu:8188 is not reachable');
    expect(item.control_image).not.toBeNull();
  });
});
