import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Estimator } from '../../../server/estimator/processEstimator';
import type { EstimateOutput, ProgressReport } from '../../../server/estimator/runEstimate';
import type { EstimatorMessage } from '../../../src/api/estimatorSocket';
import { createTestUser, type TestUser } from '../../support/emulator';
import { waitFor } from '../../support/generationApp';
import { callAs, estimatorSocketOn, startInstance, urlOf } from '../../support/instances';
import { startPostgres, type PostgresServer } from '../../support/postgresServer';

// Two API instances on one Postgres server: the socket is on one, the estimate runs on the other.
// The stand-in estimators count their runs, so the test sees which instance ran what.

const onePerson = {
  people: [{ pose_keypoints_2d: Array.from({ length: 54 }, (_, i) => (i % 3 === 2 ? 1 : 10 + i)) }],
  animals: [],
  canvas_width: 64,
  canvas_height: 48,
};

class CountingEstimator implements Estimator {
  runs = 0;
  async ready(): Promise<void> {}
  async run(_bytes: Uint8Array, _options: unknown, report: ProgressReport): Promise<EstimateOutput> {
    this.runs++;
    report('body', 0.4);
    return { pose: onePerson, timingsMs: {} };
  }
  async close(): Promise<void> {}
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-estimates-'));
let postgres: PostgresServer;
let a: FastifyInstance;
let b: FastifyInstance;
const estimators = { a: new CountingEstimator(), b: new CountingEstimator() };
let alice: TestUser;
let bob: TestUser;

const instance = (name: 'a' | 'b', databaseUrl: string) => startInstance(root, name, databaseUrl, { estimator: estimators[name] });
const socketOn = (app: FastifyInstance, user: TestUser) => estimatorSocketOn<EstimatorMessage>(app, user);

/** Uploads a photo through an instance's presigned URLs, as the browser does; its image_url. */
async function uploadPhoto(app: FastifyInstance, user: TestUser): Promise<string> {
  const query = new URLSearchParams({ filename: 'me.jpg', content_type: 'image/jpeg', purpose: 'estimation' });
  const slot = (await callAs(app, user, `/v1/get_presign_url?${query}`)).body.data;
  const put = await fetch(`${urlOf(app)}${slot.upload_url}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: new Uint8Array(createCanvas(64, 48).encodeSync('jpeg', 80)),
  });
  expect(put.status).toBe(200);
  return slot.image_url;
}

beforeAll(async () => {
  postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase('estimates');
  [alice, bob] = await Promise.all([createTestUser('alice'), createTestUser('bob')]);
  a = await instance('a', databaseUrl);
  b = await instance('b', databaseUrl);
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([a?.close(), b?.close()]);
  await postgres?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('estimates with several instances on one Postgres server', () => {
  it("sends an estimate run on instance B to the owner's socket on instance A, and A answers GET for it", async () => {
    const alicesSocket = await socketOn(a, alice);
    const bobsSocket = await socketOn(a, bob);
    const imageUrl = await uploadPhoto(b, alice);
    const posted = await callAs(b, alice, '/v1/query_prompt_estimator', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ image_url: imageUrl }),
    });
    expect(posted.status).toBe(200);
    const promptId = posted.body.data.prompt_id as string;

    const result = await waitFor(
      async () => alicesSocket.messages.find((m) => m.type === 'estimation.result' && m.prompt_id === promptId),
      15_000,
      'the result on instance A',
    );
    expect(result).toEqual({ type: 'estimation.result', prompt_id: promptId, data: onePerson });
    // The outcome comes last, and only once.
    const mine = alicesSocket.messages.filter((m) => m.prompt_id === promptId);
    expect(mine.at(-1)).toBe(result);
    expect(mine.filter((m) => m.type === 'estimation.result')).toHaveLength(1);
    expect(estimators).toMatchObject({ a: { runs: 0 }, b: { runs: 1 } });

    const got = await callAs(a, alice, `/v1/query_prompt_estimator?prompt_id=${promptId}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ prompt_id: promptId, status: 'done', result: onePerson });

    // Nobody else hears of it or can read it, on any instance.
    expect(bobsSocket.messages.filter((m) => m.prompt_id === promptId)).toEqual([]);
    expect((await callAs(a, bob, `/v1/query_prompt_estimator?prompt_id=${promptId}`)).status).toBe(404);
    alicesSocket.ws.close();
    bobsSocket.ws.close();
  });

  it('answers GET on an instance that started after the estimate finished elsewhere', async () => {
    const imageUrl = await uploadPhoto(b, alice);
    const posted = await callAs(b, alice, '/v1/query_prompt_estimator', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ image_url: imageUrl }),
    });
    const promptId = posted.body.data.prompt_id as string;
    await waitFor(
      async () => (await callAs(b, alice, `/v1/query_prompt_estimator?prompt_id=${promptId}`)).body.data.status === 'done',
      10_000,
      'the estimate on B',
    );
    await a.close();
    a = await instance('a', b.generation.config.databaseUrl!);
    const got = await callAs(a, alice, `/v1/query_prompt_estimator?prompt_id=${promptId}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ status: 'done', result: onePerson });
  });
});
