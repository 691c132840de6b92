import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { startCuttableProxy } from '../../support/cuttableProxy';
import { createTestUser, type TestUser } from '../../support/emulator';
import { gatedEngine } from '../../support/fakeEngines';
import { bearer, generationApp, promptBody, tempDataDir, waitFor } from '../../support/generationApp';
import { startPostgres } from '../../support/postgresServer';

// Faults inside one server: an engine that hangs, and a Postgres server that is briefly unreachable
// (a real one, behind a proxy the test cuts).
// (SIGTERM and kill -9 of a real server process: processFaults.test.ts; the estimator process
// dying: estimatorCrash.test.ts.)

let alice: TestUser;
let gpu: ComfyUiTestServer;
let app: FastifyInstance | null = null;

const submit = async (a: FastifyInstance) => {
  const res = await a.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(alice), payload: promptBody({ width: 32, height: 32, gNumber: 1 }) });
  expect(res.statusCode).toBe(200);
  return res.json().data.prompt_id as string;
};
const itemOf = async (a: FastifyInstance, id: string) =>
  (await a.inject({ method: 'GET', url: `/v1/history?prompt_id=${id}`, headers: bearer(alice) })).json().data.items[0];
const ended = (a: FastifyInstance, id: string) =>
  waitFor(
    async () => {
      const item = await itemOf(a, id);
      return ['done', 'failed', 'stopped'].includes(item.status) ? item : null;
    },
    20_000,
    `${id} to end`,
  );

beforeAll(async () => {
  alice = await createTestUser('faults');
  gpu = await new ComfyUiTestServer().start();
}, 60_000);
afterEach(async () => {
  await app?.close();
  app = null;
});
afterAll(() => gpu.close());

describe('an engine that hangs', () => {
  it('is timed out: the job fails with the reason, and the same worker goes on to the next job', async () => {
    gpu.behaviour = 'hang';
    app = await generationApp(tempDataDir(), { env: { ENGINE: 'comfyui', COMFYUI_URLS: gpu.url, COMFYUI_TIMEOUT_S: '1' }, workers: true });
    const first = await submit(app);
    const second = await submit(app);
    for (const id of [first, second]) expect(await ended(app, id)).toMatchObject({ status: 'failed', error: 'ComfyUI did not finish within 1 s', images: [] });
    // One ComfyUI URL is one worker: it took the second job only after giving up the first, and interrupted both.
    expect(gpu.prompts.map((p) => p.promptId)).toEqual(gpu.interrupts.map(String));
    expect(gpu.prompts).toHaveLength(2);
    gpu.behaviour = 'finish';
    const third = await submit(app);
    expect(await ended(app, third)).toMatchObject({ status: 'done', images: [expect.objectContaining({ width: 32, height: 32 })] });
  });
});

describe('a Postgres server that is briefly unreachable', () => {
  it('answers 503 with the reason and Retry-After meanwhile, then serves again, and its workers carry on', async () => {
    const postgres = await startPostgres();
    const proxy = await startCuttableProxy('127.0.0.1', postgres.port);
    try {
      const databaseUrl = (await postgres.createDatabase('outage')).replace(`:${postgres.port}/`, `:${proxy.port}/`);
      const engine = gatedEngine(true);
      app = await generationApp(tempDataDir(), { env: { DATABASE_URL: databaseUrl }, engines: [engine], workers: true });
      expect((await app.generation.open()).db.kind).toBe('postgres');
      const before = await submit(app);
      expect((await ended(app, before)).status).toBe('done');
      // Every failed request and poll is logged, as it should be; the test output need not show them.
      app.log.level = 'fatal';

      proxy.cut();
      const calls = [
        app.inject({ method: 'GET', url: '/v1/history', headers: bearer(alice) }),
        app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(alice), payload: promptBody() }),
        app.inject({ method: 'POST', url: '/v1/stop_prompt', headers: bearer(alice), payload: { prompt_id: before } }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({
          code: 503,
          response_metadata: { error: { code_n: 50301, description: 'The job database cannot be reached right now; try again in 5 s' } },
        });
      }
      expect((await app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);

      proxy.restore();
      const after = await submit(app);
      expect((await ended(app, after)).status).toBe('done');
      expect(engine.runs).toEqual([before, after]);
    } finally {
      await app?.close();
      app = null;
      await proxy.close();
      await postgres.stop();
    }
  }, 120_000);
});
