import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../../server/engines/engine';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, promptBody, waitFor } from '../../support/generationApp';
import { startInstance, urlOf } from '../../support/instances';
import { startPostgres, type PostgresServer } from '../../support/postgresServer';
import { openEvents, promptIdsIn, updateOf, type EventsConnection } from '../../support/promptEventsClient';

// Two API instances on one Postgres server. A has no worker, so every prompt runs on B: what A's
// sockets hear of it came through LISTEN/NOTIFY.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-prompt-events-'));
let postgres: PostgresServer;
let a: FastifyInstance;
let b: FastifyInstance;
let alice: TestUser;
let bob: TestUser;
const sockets: EventsConnection[] = [];

const instance = (name: 'a' | 'b', databaseUrl: string, engines?: Engine[]) => startInstance(root, name, databaseUrl, { engines });

async function ready(app: FastifyInstance, user: TestUser): Promise<EventsConnection> {
  const connection = openEvents(urlOf(app), user.idToken);
  sockets.push(connection);
  await connection.next((m) => m.type === 'events.ready');
  return connection;
}

beforeAll(async () => {
  postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase('prompt_events');
  [alice, bob] = await Promise.all([createTestUser('alice'), createTestUser('bob')]);
  a = await instance('a', databaseUrl, []);
  b = await instance('b', databaseUrl);
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.ws.close();
  await Promise.allSettled([a?.close(), b?.close()]);
  await postgres?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('prompt events with several instances on one Postgres server', () => {
  it("sends a prompt queued and run on B to its owner's socket on A, never to another user's on either", async () => {
    const alicesOnA = await ready(a, alice);
    const bobsOnA = await ready(a, bob);
    const bobsOnB = await ready(b, bob);
    const before = await a.inject({ method: 'GET', url: '/v1/history', headers: bearer(alice) });
    const etag = before.headers.etag as string;

    const queued = await b.inject({
      method: 'POST',
      url: '/v1/query_prompt',
      headers: bearer(alice),
      payload: promptBody({ width: 64, height: 96, gNumber: 1 }),
    });
    const promptId = queued.json().data.prompt_id as string;
    const done = await alicesOnA.next(updateOf(promptId, 'done'));
    if (done.type !== 'prompt.update') throw new Error('not an update');
    expect(done.data.images).toHaveLength(1);
    expect((await fetch(new URL(done.data.images[0].url, urlOf(a)))).status).toBe(200);

    // Bob's own prompt, run after Alice's, reaches both his sockets; Alice's reached neither.
    const his = await b.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(bob), payload: promptBody({ width: 64, height: 96, gNumber: 1 }) });
    const hisId = his.json().data.prompt_id as string;
    await Promise.all([bobsOnA.next(updateOf(hisId, 'done')), bobsOnB.next(updateOf(hisId, 'done'))]);
    expect([...promptIdsIn(bobsOnA.messages)]).toEqual([hisId]);
    expect([...promptIdsIn(bobsOnB.messages)]).toEqual([hisId]);
    expect(promptIdsIn(alicesOnA.messages).has(hisId)).toBe(false);

    // A heard of the change too: its ETag for Alice's history is not the old one any more.
    const after = await a.inject({ method: 'GET', url: '/v1/history', headers: { ...bearer(alice), 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.items[0]).toMatchObject({ prompt_id: promptId, status: 'done' });
  });

  it('hears every change of a burst made on another instance, in the order it was made', async () => {
    const heard: string[] = [];
    const stop = a.generation.changes.on((change) => change.userId === 'burst-user' && heard.push(change.promptId!));
    try {
      // Made in one turn of B's event loop, as a burst of submissions makes them: announced together.
      const made = Array.from({ length: 200 }, (_, i) => `prompt-${i}`);
      for (const id of made) b.generation.changes.changed('burst-user', id);
      await waitFor(async () => heard.length >= made.length, 10_000, 'every change of the burst');
      expect(heard).toEqual(made);
    } finally {
      stop();
    }
  });
});
