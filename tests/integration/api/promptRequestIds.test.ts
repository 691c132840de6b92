import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/api/contract';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir } from '../../support/generationApp';
import { startInstance } from '../../support/instances';
import { startPostgres, type PostgresServer } from '../../support/postgresServer';

// One prompt per Generate click: POST /v1/query_prompt with a client request id queues once per
// user and day, on PGlite and on a Postgres server (pooled connections: the double submits really race).

let postgres: PostgresServer;
const apps: Record<string, FastifyInstance> = {};
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  postgres = await startPostgres();
  apps.Postgres = await startInstance(tempDataDir(), 'pg', await postgres.createDatabase('request_ids'), { listen: false });
  apps.PGlite = await generationApp(tempDataDir());
  [alice, bob] = await Promise.all([createTestUser('request-alice'), createTestUser('request-bob')]);
}, 120_000);
afterAll(async () => {
  await Promise.allSettled(Object.values(apps).map((app) => app.close()));
  await postgres?.stop();
});

describe.each(['PGlite', 'Postgres'])('client request ids of prompts on %s', (name) => {
  const app = () => apps[name]!;
  const submit = (user: TestUser, body: Record<string, unknown>) =>
    app().inject({ method: 'POST', url: API_PATHS.queryPrompt, headers: bearer(user), payload: promptBody({ gNumber: 1, ...body }) });
  const history = async (user: TestUser) =>
    (await app().inject({ method: 'GET', url: `${API_PATHS.history}?page_size=100`, headers: bearer(user) })).json().data;
  const promptIdOf = (res: Awaited<ReturnType<typeof submit>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.prompt_id as string;
  };
  const stop = async (user: TestUser, promptId: string) =>
    app().inject({ method: 'POST', url: API_PATHS.stopPrompt, headers: bearer(user), payload: { prompt_id: promptId } });

  it('answers a retry of one click with the first prompt, and queues one prompt for five sent at once', async () => {
    const before = (await history(alice)).total as number;
    const first = promptIdOf(await submit(alice, { prompt: `retried on ${name}`, client_request_id: `retry-${name}-0001` }));
    const again = await submit(alice, { prompt: `retried on ${name}`, client_request_id: `retry-${name}-0001` });
    expect(again.json().data).toMatchObject({ prompt_id: first, status: 'queued' });

    const burst = await Promise.all(
      Array.from({ length: 5 }, () => submit(alice, { prompt: `double submit on ${name}`, client_request_id: `burst-${name}-0001` })),
    );
    const ids = new Set(burst.map(promptIdOf));
    expect(ids.size).toBe(1);
    const items = (await history(alice)).items as Array<{ prompt_id: string; prompt: string }>;
    expect(items.length - before).toBe(2);
    expect(items.filter((item) => item.prompt === `double submit on ${name}`)).toHaveLength(1);
    // A retry after the prompt was stopped answers it as it is now, still without queuing another.
    await stop(alice, first);
    expect((await submit(alice, { prompt: `retried on ${name}`, client_request_id: `retry-${name}-0001` })).json().data).toMatchObject({
      prompt_id: first,
      status: 'stopped',
    });
    await stop(alice, [...ids][0]!);
  });

  it("keeps each user's ids apart, queues prompts without an id every time, and refuses a malformed id in the envelope", async () => {
    const shared = `shared-${name}-0001`;
    const alices = promptIdOf(await submit(alice, { client_request_id: shared }));
    const bobs = promptIdOf(await submit(bob, { client_request_id: shared }));
    expect(bobs).not.toBe(alices);
    const plain = [promptIdOf(await submit(bob, {})), promptIdOf(await submit(bob, {}))];
    expect(new Set(plain).size).toBe(2);
    for (const id of [alices, bobs]) await stop(id === alices ? alice : bob, id);
    for (const id of plain) await stop(bob, id);

    for (const bad of ['short', 'has spaces in it', 'x'.repeat(65), 12345678]) {
      const res = await submit(alice, { client_request_id: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().response_metadata.error.description).toMatch(/client_request_id/);
    }
  });

  it('makes a new prompt from an id last used more than a day ago', async () => {
    const id = `old-${name}-0001`;
    const old = promptIdOf(await submit(alice, { client_request_id: id }));
    await stop(alice, old);
    const { db } = await app().generation.open();
    await db.query(`UPDATE jobs SET created_at = now() - interval '25 hours' WHERE id = $1`, [old]);
    const fresh = promptIdOf(await submit(alice, { client_request_id: id }));
    expect(fresh).not.toBe(old);
    expect(promptIdOf(await submit(alice, { client_request_id: id }))).toBe(fresh);
    await stop(alice, fresh);
  });
});
