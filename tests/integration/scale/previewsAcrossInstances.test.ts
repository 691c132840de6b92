import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../../server/engines/engine';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, promptBody } from '../../support/generationApp';
import { startInstance, urlOf } from '../../support/instances';
import { startPostgres, type PostgresServer } from '../../support/postgresServer';
import { openEvents, promptIdsIn, updateOf, type EventsConnection } from '../../support/promptEventsClient';

// Two API instances on one Postgres server, ENGINE=comfyui. A has no worker, so every prompt runs
// on B's ComfyUI: the previews A's sockets hear came through NOTIFY (each frame shrunk to fit it).

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-previews-'));
let postgres: PostgresServer;
let gpu: ComfyUiTestServer;
let a: FastifyInstance;
let b: FastifyInstance;
let alice: TestUser;
let bob: TestUser;
const sockets: EventsConnection[] = [];

const instance = (name: 'a' | 'b', databaseUrl: string, engines?: Engine[]) =>
  startInstance(root, name, databaseUrl, { env: { ENGINE: 'comfyui', COMFYUI_URLS: gpu.url }, engines });

async function ready(app: FastifyInstance, user: TestUser): Promise<EventsConnection> {
  const connection = openEvents(urlOf(app), user.idToken);
  sockets.push(connection);
  await connection.next((m) => m.type === 'events.ready');
  return connection;
}

beforeAll(async () => {
  postgres = await startPostgres();
  gpu = await new ComfyUiTestServer().start();
  gpu.steps = 8;
  gpu.stepMs = 150;
  const databaseUrl = await postgres.createDatabase('previews');
  [alice, bob] = await Promise.all([createTestUser('alice'), createTestUser('bob')]);
  a = await instance('a', databaseUrl, []);
  b = await instance('b', databaseUrl);
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.ws.close();
  await Promise.allSettled([a?.close(), b?.close()]);
  await gpu?.close();
  await postgres?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('ComfyUI previews with several instances on one Postgres server', () => {
  it("reach the owner's socket on the instance that did not run the prompt, and nobody else's", async () => {
    const alicesOnA = await ready(a, alice);
    const bobsOnA = await ready(a, bob);
    const queued = await b.inject({
      method: 'POST',
      url: '/v1/query_prompt',
      headers: bearer(alice),
      payload: promptBody({ width: 400, height: 600, gNumber: 1 }),
    });
    const promptId = queued.json().data.prompt_id as string;
    await alicesOnA.next(updateOf(promptId, 'done'), 20_000);
    const previews = alicesOnA.messages.filter((m) => m.type === 'prompt.preview' && m.prompt_id === promptId);
    expect(previews.length).toBeGreaterThan(0);
    expect(promptIdsIn(bobsOnA.messages).has(promptId)).toBe(false);
  });
});
