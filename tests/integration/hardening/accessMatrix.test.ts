import { userPrefix } from '../../../server/storage/storageKeys';
import { createCanvas } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Estimator } from '../../../server/estimator/processEstimator';
import type { EstimatorMessage } from '../../../src/api/estimatorSocket';
import { createTestUser, type TestUser } from '../../support/emulator';
import { gatedEngine } from '../../support/fakeEngines';
import { bearer, promptBody, tempDataDir, testConfig, waitFor } from '../../support/generationApp';
import { seedDatabase } from '../../support/pgliteTemplate';

// Two users, Alice and Bob. Alice has a queued prompt, a finished one with images, an upload and an
// estimate. Nothing Bob can send (API call, file URL, socket) shows, changes or stops any of them.

const pose = {
  people: [{ pose_keypoints_2d: Array.from({ length: 54 }, (_, i) => (i % 3 === 2 ? 1 : 10 + i)) }],
  animals: [],
  canvas_width: 64,
  canvas_height: 48,
};
/** Answers every estimate at once with the same person. */
const instantEstimator: Estimator = { ready: async () => {}, run: async () => ({ pose, timingsMs: {} }), close: async () => {} };
const photo = createCanvas(64, 48).encodeSync('png');

let app: FastifyInstance;
let alice: TestUser;
let bob: TestUser;
const engine = gatedEngine(true);
const own: { queued: string; done: string; imageUrl: string; controlUrl: string; uploadUrl: string; uploadPut: string; estimate: string; uploadKey: string } =
  {} as never;

const as = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers: { ...(user ? bearer(user) : {}), ...headers }, payload: payload as never });
const historyOf = async (user: TestUser) => (await as(user, 'GET', '/v1/history?page_size=100')).json().data;

/** Bob's own upload slot, whose URL he may try to bend towards Alice's folder. */
async function bobsSlot() {
  return (await as(bob, 'GET', '/v1/get_presign_url?filename=b.png&content_type=image/png&purpose=estimation')).json().data as {
    upload_url: string;
    image_url: string;
  };
}

beforeAll(async () => {
  const dataDir = tempDataDir();
  await seedDatabase(dataDir);
  app = await buildApp(testConfig(dataDir, { ESTIMATOR_PRELOAD: '0' }), undefined, [engine], instantEstimator);
  [alice, bob] = await Promise.all([createTestUser('matrix-alice'), createTestUser('matrix-bob')]);
  await app.generation.start();
  own.done = (await as(alice, 'POST', '/v1/query_prompt', promptBody({ width: 32, height: 32, gNumber: 1 }))).json().data.prompt_id;
  const done = await waitFor(async () => (await historyOf(alice)).items.find((i: { status: string }) => i.status === 'done'), 15_000, "alice's job");
  own.imageUrl = done.images[0].url;
  own.controlUrl = done.control_image.url;
  await app.generation.workers()!.stop(); // later prompts stay queued
  own.queued = (await as(alice, 'POST', '/v1/query_prompt', promptBody())).json().data.prompt_id;
  const slot = (await as(alice, 'GET', '/v1/get_presign_url?filename=a.png&content_type=image/png&purpose=estimation')).json().data;
  expect((await as(null, 'PUT', slot.upload_url, photo, { 'content-type': 'image/png' })).statusCode).toBe(200);
  own.uploadUrl = slot.image_url;
  own.uploadPut = slot.upload_url;
  own.uploadKey = decodeURIComponent(new URL(slot.image_url, 'http://x').pathname.slice('/files/'.length));
  own.estimate = (await as(alice, 'POST', '/v1/query_prompt_estimator', { image_url: slot.image_url })).json().data.prompt_id;
}, 60_000);
afterAll(() => app.close());

describe("nothing of Alice's reaches Bob", () => {
  it("Bob's history lists none of Alice's prompts, and asking for one by id is a 404", async () => {
    expect((await historyOf(bob)).total).toBe(0);
    for (const id of [own.queued, own.done]) expect((await as(bob, 'GET', `/v1/history?prompt_id=${id}`)).statusCode).toBe(404);
  });

  it("Bob cannot stop Alice's queued prompt, nor learn that it exists", async () => {
    const res = await as(bob, 'POST', '/v1/stop_prompt', { prompt_id: own.queued });
    expect(res.statusCode).toBe(404);
    expect(res.json().response_metadata.error.description).toBe(`No prompt ${own.queued} in your history`);
    expect((await as(alice, 'GET', `/v1/history?prompt_id=${own.queued}`)).json().data.items[0].status).toBe('queued');
  });

  it("Bob cannot read Alice's estimate, is not sent it on his socket, and cannot estimate her upload", async () => {
    const res = await as(bob, 'GET', `/v1/query_prompt_estimator?prompt_id=${own.estimate}`);
    expect(res.statusCode).toBe(404);
    const messages: EstimatorMessage[] = [];
    const ws = await app.injectWS(
      `/ws_estimator?access_token=${encodeURIComponent(bob.idToken)}`,
      {},
      {
        onInit: (socket) => socket.on('message', (data) => messages.push(JSON.parse(data.toString()))),
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(messages).toEqual([]);
    ws.close();
    expect((await as(bob, 'POST', '/v1/query_prompt_estimator', { image_url: own.uploadUrl })).statusCode).toBe(403);
    // Alice still gets hers.
    expect((await as(alice, 'GET', `/v1/query_prompt_estimator?prompt_id=${own.estimate}`)).json().data.result).toEqual(pose);
  });

  it("Bob cannot turn his own signed URLs into Alice's files, upload into her folder, or overwrite her upload", async () => {
    const mine = await bobsSlot();
    const bobsPrefix = /users\/[^/]+\//;
    const aliceFolder = own.uploadKey.split('/').slice(0, 2).join('/');
    const attempts: Array<[string, 'GET' | 'PUT', string]> = [
      ["his download URL pointed at Alice's upload", 'GET', mine.image_url.replace(/\/files\/[^?]+/, `/files/${own.uploadKey}`)],
      ["his download URL pointed at Alice's image", 'GET', mine.image_url.replace(bobsPrefix, `${aliceFolder}/`)],
      ["his upload URL pointed into Alice's folder", 'PUT', mine.upload_url.replace(bobsPrefix, `${aliceFolder}/`)],
      ["Alice's download URL used to upload", 'PUT', own.uploadUrl],
      ["Alice's used upload URL with its signature moved to another key", 'PUT', own.uploadPut.replace('.png?', '-2.png?')],
    ];
    for (const [name, method, url] of attempts) {
      const res = await as(bob, method, url, method === 'PUT' ? photo : undefined, { 'content-type': 'image/png' });
      expect(res.statusCode, name).toBe(403);
    }
    const file = await as(null, 'GET', own.uploadUrl);
    expect(Buffer.compare(file.rawPayload, photo)).toBe(0);
  });

  it("Bob's presign always names a slot in his own folder, whatever file name he sends", async () => {
    for (const filename of [`../${alice.uid}/a.png`, `..%2F${alice.uid}%2Fa.png`, `users/${alice.uid}/a.png`, '....//a.png']) {
      const res = await as(bob, 'GET', `/v1/get_presign_url?filename=${encodeURIComponent(filename)}&content_type=image/png&purpose=estimation`);
      if (res.statusCode === 200)
        expect(decodeURIComponent(res.json().data.upload_url)).toMatch(new RegExp(`^/files/${userPrefix(bob.uid)}/uploads/estimation/[^/]+\\.png\\?`));
      else expect(res.statusCode).toBe(400);
    }
  });

  it("only Alice's own signed URLs open her images, and never for writing", async () => {
    for (const url of [own.imageUrl, own.controlUrl]) {
      expect((await as(null, 'GET', url)).statusCode).toBe(200);
      expect((await as(bob, 'PUT', url, photo, { 'content-type': 'image/png' })).statusCode).toBe(403);
    }
    const unsigned = own.imageUrl.split('?')[0];
    expect((await as(bob, 'GET', unsigned)).statusCode).toBe(403);
  });
});
