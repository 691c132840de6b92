import { createCanvas } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { EstimateFailure } from '../../../server/estimator/estimateFailure';
import type { Estimator } from '../../../server/estimator/processEstimator';
import type { EstimateOutput, ProgressReport } from '../../../server/estimator/runEstimate';
import { uploadKey } from '../../../server/storage/storageKeys';
import { UrlSigner } from '../../../server/storage/urlSigner';
import type { EstimatorMessage } from '../../../src/api/estimatorSocket';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, TEST_STORAGE_SECRET, waitFor } from '../../support/generationApp';
import { estimatorApp } from './estimatorApp';

// The estimator API and socket with a stand-in estimator whose answers the tests decide;
// tests/unit/estimator/endToEnd.test.ts runs the same path with the real models.

interface HeldRun {
  bytes: Uint8Array;
  report: ProgressReport;
  resolve(output: EstimateOutput): void;
  reject(error: Error): void;
}

class HeldEstimator implements Estimator {
  readonly runs: HeldRun[] = [];
  async ready(): Promise<void> {}
  run(bytes: Uint8Array, _options: unknown, report: ProgressReport): Promise<EstimateOutput> {
    return new Promise((resolve, reject) => this.runs.push({ bytes, report, resolve, reject }));
  }
  async close(): Promise<void> {}
}

const onePerson = {
  people: [{ pose_keypoints_2d: Array.from({ length: 54 }, (_, i) => (i % 3 === 2 ? 1 : 10 + i)) }],
  animals: [],
  canvas_width: 64,
  canvas_height: 48,
};
const picture = createCanvas(64, 48).encodeSync('jpeg', 80);

let app: FastifyInstance;
let alice: TestUser;
let bob: TestUser;
const held = new HeldEstimator();

/** Puts bytes in a user's upload folder and returns their signed image_url. */
async function upload(user: TestUser, bytes: Buffer = picture, name = 'photo.jpg'): Promise<string> {
  const key = uploadKey(user.uid, 'estimation', name, 'image/jpeg');
  await app.generation.storage().put(key, bytes, 'image/jpeg');
  return (await app.generation.storage().signedUrl(key, 600)).url;
}

const post = (user: TestUser | null, body: unknown) =>
  app.inject({ method: 'POST', url: '/v1/query_prompt_estimator', headers: user ? bearer(user) : {}, payload: body as object });
const get = (user: TestUser, promptId: string) => app.inject({ method: 'GET', url: `/v1/query_prompt_estimator?prompt_id=${promptId}`, headers: bearer(user) });
const refusal = (res: { statusCode: number; json(): { response_metadata: { error: { description: string } } } }) => [
  res.statusCode,
  res.json().response_metadata.error.description,
];

/** A socket of a user that records every message it receives. */
async function listen(token: string | null): Promise<{ ws: WebSocket; messages: EstimatorMessage[]; closed: Promise<[number, string]> }> {
  const messages: EstimatorMessage[] = [];
  let closed!: Promise<[number, string]>;
  const ws = await app.injectWS(
    `/ws_estimator${token === null ? '' : `?access_token=${encodeURIComponent(token)}`}`,
    {},
    {
      onInit: (socket) => {
        socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
        closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve([code, reason.toString()])));
      },
    },
  );
  return { ws, messages, closed };
}

/** Posts an estimate of a fresh upload and returns its prompt id and held run. */
async function startEstimate(user: TestUser): Promise<{ promptId: string; run: HeldRun }> {
  const before = held.runs.length;
  const res = await post(user, { image_url: await upload(user) });
  expect(res.statusCode).toBe(200);
  const promptId = res.json().data.prompt_id as string;
  const run = await waitFor(async () => held.runs[before], 5000, 'the estimate to start');
  return { promptId, run };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeAll(async () => {
  // injectWS sockets never report their close to the server, so the per-account cap is lifted here.
  app = await estimatorApp({ ESTIMATOR_MAX_PENDING_PER_USER: '2', SOCKETS_PER_USER: '1000' }, held);
  [alice, bob] = await Promise.all([createTestUser('alice'), createTestUser('bob')]);
});
afterAll(() => app.close());

describe('POST /v1/query_prompt_estimator refuses what it cannot estimate', () => {
  it('needs a signed-in caller and an image_url', async () => {
    expect((await post(null, { image_url: 'x' })).statusCode).toBe(401);
    expect(refusal(await post(alice, {}))).toEqual([400, 'image_url: is required']);
    expect(refusal(await post(alice, { image_url: 'x', hands: 'yes' }))).toEqual([400, 'hands: must be a boolean']);
  });

  it('refuses a URL that is not one of our file URLs', async () => {
    const [status, description] = refusal(await post(alice, { image_url: 'https://example.com/me.jpg' }));
    expect(status).toBe(400);
    expect(description).toMatch(/^image_url must be the image_url that GET \/v1\/get_presign_url returned/);
  });

  it('refuses an altered or expired URL, saying which', async () => {
    const url = await upload(alice);
    const altered = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect(refusal(await post(alice, { image_url: altered }))).toEqual([403, 'image_url is not signed by this server, or was altered after signing']);
    const key = decodeURIComponent(new URL(url, 'http://x').pathname.slice('/files/'.length));
    const { expires, sig } = new UrlSigner(TEST_STORAGE_SECRET).sign('GET', key, 1, Date.now() - 3_600_000);
    const expired = `/files/${key.split('/').map(encodeURIComponent).join('/')}?expires=${expires}&sig=${sig}`;
    expect(refusal(await post(alice, { image_url: expired }))).toEqual([403, 'image_url has expired; upload the photo again']);
  });

  it("refuses another user's upload, and a URL with nothing uploaded yet", async () => {
    expect(refusal(await post(bob, { image_url: await upload(alice) }))).toEqual([
      403,
      "image_url is another user's upload; you can only estimate your own photos",
    ]);
    const key = uploadKey(alice.uid, 'estimation', 'later.jpg', 'image/jpeg');
    const url = (await app.generation.storage().signedUrl(key, 600)).url;
    expect(refusal(await post(alice, { image_url: url }))[0]).toBe(404);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 400, 'The image file is empty (0 bytes); upload the photo again'],
    ['a non-image', Buffer.from('just some text, not a photo\n'), 415, 'The file is not a JPEG, PNG or WebP image: it looks like an SVG or other text'],
  ])('answers %s with a %s that says what is wrong', async (_name, bytes, status, description) => {
    expect(refusal(await post(alice, { image_url: await upload(alice, bytes) }))).toEqual([status, description]);
  });

  it('answers a huge image (4100 x 4100) with a 413 giving its size', async () => {
    const huge = await createCanvas(4100, 4100).encode('png');
    const [status, description] = refusal(await post(alice, { image_url: await upload(alice, huge, 'huge.png') }));
    expect(status).toBe(413);
    expect(description).toMatch(/^The image is 4100 x 4100 pixels \(16\.8 megapixels\); the estimator takes at most 16\.8 megapixels/);
  });
});

describe('the estimate and the socket', () => {
  it('closes a socket without a token, or with a bad one, with 4401 and the reason', async () => {
    expect(await (await listen(null)).closed).toEqual([4401, 'Sign in first: the socket URL has no access_token']);
    expect(await (await listen('not-a-token')).closed).toEqual([4401, 'The access token is malformed']);
    expect(await (await listen('aaa.bbb.ccc')).closed).toEqual([4401, 'The access token is not valid']);
  });

  it('answers the prompt_id at once, then streams progress and the result to the owner', async () => {
    const socket = await listen(alice.idToken);
    const { promptId, run } = await startEstimate(alice);
    run.report('body', 0.15);
    run.resolve({ pose: onePerson, timingsMs: {} });
    await waitFor(async () => socket.messages.some((m) => m.type === 'estimation.result'), 5000, 'the result');
    expect(socket.messages.filter((m) => m.prompt_id === promptId)).toEqual([
      { type: 'estimation.progress', prompt_id: promptId, data: { stage: 'queued', progress: 0 } },
      { type: 'estimation.progress', prompt_id: promptId, data: { stage: 'body', progress: 0.15 } },
      { type: 'estimation.result', prompt_id: promptId, data: onePerson },
    ]);
    const status = (await get(alice, promptId)).json();
    expect(status).toEqual({
      code: 200,
      data: { prompt_id: promptId, status: 'done', stage: 'done', progress: 1, result: onePerson, message: null, error: null },
    });
    socket.ws.close();
  });

  it('keeps a result for a client that was away and sends it on reconnect, once', async () => {
    const { promptId, run } = await startEstimate(alice);
    run.resolve({ pose: onePerson, timingsMs: {} });
    await settle();
    const first = await listen(alice.idToken);
    await waitFor(async () => first.messages.length > 0, 5000, 'the replay');
    expect(first.messages).toEqual([{ type: 'estimation.result', prompt_id: promptId, data: onePerson }]);
    first.ws.close();
    const second = await listen(alice.idToken);
    await settle();
    expect(second.messages).toEqual([]);
    second.ws.close();
  });

  it('sends the progress of an estimate still running to a socket that connects late', async () => {
    const { promptId, run } = await startEstimate(alice);
    run.report('face', 0.45);
    const late = await listen(alice.idToken);
    await waitFor(async () => late.messages.length > 0, 5000, 'the progress');
    expect(late.messages).toEqual([{ type: 'estimation.progress', prompt_id: promptId, data: { stage: 'face', progress: 0.45 } }]);
    run.resolve({ pose: onePerson, timingsMs: {} });
    await waitFor(async () => late.messages.length > 1, 5000, 'the result');
    late.ws.close();
  });

  it("never shows one user's estimates to another", async () => {
    const bobs = await listen(bob.idToken);
    const { promptId, run } = await startEstimate(alice);
    run.resolve({ pose: onePerson, timingsMs: {} });
    await settle();
    expect(bobs.messages).toEqual([]);
    expect(refusal(await get(bob, promptId))).toEqual([
      404,
      `No estimate ${promptId} for you: it is someone else's, or finished long enough ago to be dropped`,
    ]);
    bobs.ws.close();
    await get(alice, promptId); // collected, so it is not replayed to alice's later sockets
  });

  it('answers a photo without people with an empty result and a message', async () => {
    const socket = await listen(alice.idToken);
    const { promptId, run } = await startEstimate(alice);
    run.resolve({ pose: { people: [], animals: [], canvas_width: 64, canvas_height: 48 }, timingsMs: {} });
    const result = await waitFor(async () => socket.messages.find((m) => m.type === 'estimation.result'), 5000, 'the result');
    expect(result).toEqual({
      type: 'estimation.result',
      prompt_id: promptId,
      data: { people: [], animals: [], canvas_width: 64, canvas_height: 48 },
      message: 'No person was found in the photo. Try a photo where the people are larger, well lit and not cut off.',
    });
    socket.ws.close();
  });

  it('sends estimation.error with the code and the reason when the estimate fails', async () => {
    const socket = await listen(alice.idToken);
    const { promptId, run } = await startEstimate(alice);
    run.reject(new EstimateFailure(422, 'The image could not be decoded: it is damaged'));
    const error = await waitFor(async () => socket.messages.find((m) => m.type === 'estimation.error'), 5000, 'the error');
    expect(error).toEqual({
      type: 'estimation.error',
      prompt_id: promptId,
      data: { code_n: 42201, description: 'The image could not be decoded: it is damaged' },
    });
    expect((await get(alice, promptId)).json().data).toMatchObject({ status: 'failed', error: { code_n: 42201 } });
    socket.ws.close();
  });

  it('lets a user have only a few estimates in progress at once, and runs them in turn', async () => {
    const before = held.runs.length;
    for (let i = 0; i < 2; i++) expect((await post(alice, { image_url: await upload(alice) })).statusCode).toBe(200);
    const [status, description] = refusal(await post(alice, { image_url: await upload(alice) }));
    expect([status, description]).toEqual([429, 'You already have 2 estimates in progress; wait for one to finish']);
    // Bob is not held up by Alice's limit.
    expect((await post(bob, { image_url: await upload(bob) })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const run = await waitFor(async () => held.runs[before + i], 5000, `estimate ${i + 1} to start`);
      expect(held.runs).toHaveLength(before + i + 1);
      run.resolve({ pose: onePerson, timingsMs: {} });
    }
  });

  it('serves a second user while the first has filled their share: round-robin, not first come first served', async () => {
    const before = held.runs.length;
    const submit = async (user: TestUser) => (await post(user, { image_url: await upload(user) })).json().data.prompt_id as string;
    await submit(alice);
    const alicesSecond = await submit(alice);
    expect((await post(alice, { image_url: await upload(alice) })).statusCode).toBe(429);
    const bobs = await submit(bob);
    (await waitFor(async () => held.runs[before], 5000, "alice's first estimate")).resolve({ pose: onePerson, timingsMs: {} });
    const second = await waitFor(async () => held.runs[before + 1], 5000, 'the next estimate');
    expect((await get(bob, bobs)).json().data).toMatchObject({ status: 'running' });
    expect((await get(alice, alicesSecond)).json().data).toMatchObject({ status: 'queued' });
    second.resolve({ pose: onePerson, timingsMs: {} });
    (await waitFor(async () => held.runs[before + 2], 5000, "alice's second estimate")).resolve({ pose: onePerson, timingsMs: {} });
  });

  it('forgets finished estimates after their time', async () => {
    const { promptId, run } = await startEstimate(bob);
    run.resolve({ pose: onePerson, timingsMs: {} });
    await settle();
    app.estimates.sweep(Date.now() + 24 * 3_600_000);
    expect((await get(bob, promptId)).statusCode).toBe(404);
  });
});
