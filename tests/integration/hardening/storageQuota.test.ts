import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Estimator } from '../../../server/estimator/processEstimator';
import { poseThumbnailKey, userPrefix } from '../../../server/storage/storageKeys';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, testConfig, waitFor } from '../../support/generationApp';
import { seedDatabase } from '../../support/pgliteTemplate';

// Each user's storage quota, uploads that expire, history retention, and deleting a prompt.

type Reply = { statusCode: number; json(): { data?: any; response_metadata?: { error: { code_n: number; description: string } } } };
const refusal = (res: Reply) => [res.statusCode, res.json().response_metadata?.error.code_n, res.json().response_metadata?.error.description];
/** A body the /files/ route takes as a PNG (it checks the magic number), of any size. */
const pngOfSize = (bytes: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8)]);
const MINUTE = 60_000;
const DAY = 86_400_000;

const presign = (app: FastifyInstance, user: TestUser, size?: number) =>
  app.inject({
    method: 'GET',
    url: `/v1/get_presign_url?filename=me.png&content_type=image/png&purpose=estimation${size ? `&size=${size}` : ''}`,
    headers: bearer(user),
  });
const put = (app: FastifyInstance, url: string, body: Buffer) => app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: body });
const submit = (app: FastifyInstance, user: TestUser, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(user), payload: promptBody(body) });
const remove = (app: FastifyInstance, user: TestUser, promptId: string) =>
  app.inject({ method: 'DELETE', url: `/v1/history/${promptId}`, headers: bearer(user) });
const usedBytes = async (app: FastifyInstance, user: TestUser) => (await app.generation.open()).ledger.usedBytes(userPrefix(user.uid));

describe('a user at their storage quota (USER_STORAGE_QUOTA_MB=1)', () => {
  let app: FastifyInstance;
  let alice: TestUser;
  beforeAll(async () => {
    app = await generationApp(tempDataDir(), { env: { USER_STORAGE_QUOTA_MB: '1' } });
    alice = await createTestUser('quota-alice');
  });
  afterAll(() => app?.close());

  it('is refused an upload URL that would pass it, with how much is used and how to free space; others are not', async () => {
    const first = await presign(app, alice, 700_000);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ upload_method: 'PUT', upload_fields: null, max_bytes: 700_000 });
    expect(refusal(await presign(app, alice, 400_000))).toEqual([
      507,
      50701,
      'Your storage is full: you use 684 KB of your 1.0 MB (uploaded photos 684 KB), and this upload needs 391 KB (uploaded photos are deleted by themselves 60 minutes after upload). Delete prompts you no longer need from your history to free space.',
    ]);
    // Without a size the largest upload (UPLOAD_MAX_MB) is held, which no longer fits either.
    expect(refusal(await presign(app, alice))[0]).toBe(507);
    expect((await presign(app, await createTestUser('quota-bob'), 400_000)).statusCode).toBe(200);
    // The slot that was given still takes its upload.
    expect((await put(app, first.json().data.upload_url, pngOfSize(700_000))).statusCode).toBe(200);
  });

  it('refuses an upload larger than the size given for its URL, or than any upload may be', async () => {
    const bob = await createTestUser('quota-bob-2');
    const slot = (await presign(app, bob, 1000)).json().data;
    expect(refusal(await put(app, slot.upload_url, pngOfSize(2000)))).toEqual([
      413,
      41301,
      'The file is 2000 bytes, more than the 1000 bytes given as its size when its upload URL was asked for',
    ]);
    expect((await app.inject({ method: 'GET', url: slot.image_url })).statusCode).toBe(404);
    expect(refusal(await presign(app, bob, 11 * 1024 * 1024))).toEqual([413, 41301, 'The file is 11.0 MB; uploads may be at most 10.0 MB']);
  });

  it('refuses at submission a prompt whose images would pass it, counting those still queued; nothing queued is lost', async () => {
    // 700,000 bytes held; 200 x 200 x 4 images are expected to take up to 320,000 more: just fits.
    const big = await submit(app, alice, { width: 200, height: 200, gNumber: 4 });
    expect(big.statusCode).toBe(200);
    expect(refusal(await submit(app, alice, { width: 200, height: 200, gNumber: 1 }))).toEqual([
      507,
      50701,
      "Your storage is full: you use 684 KB of your 1.0 MB (uploaded photos 684 KB), and this prompt's images need up to 79 KB (with 313 KB more for your prompts still queued or running). Delete prompts you no longer need from your history to free space.",
    ]);
    const history = (await app.inject({ method: 'GET', url: '/v1/history', headers: bearer(alice) })).json().data;
    expect(history.items.map((i: { prompt_id: string; status: string }) => [i.prompt_id, i.status])).toEqual([[big.json().data.prompt_id, 'queued']]);
    // A queued prompt cannot be deleted; stopped, it no longer counts and the smaller prompt fits.
    expect(refusal(await remove(app, alice, big.json().data.prompt_id))).toEqual([409, 40901, 'The prompt is still queued; stop it first, then delete it']);
    await app.inject({ method: 'POST', url: '/v1/stop_prompt', headers: bearer(alice), payload: { prompt_id: big.json().data.prompt_id } });
    expect((await submit(app, alice, { width: 200, height: 200, gNumber: 1 })).statusCode).toBe(200);
  });
});

/** A stand-in estimator that finds one person at once. */
const instantEstimator: Estimator = {
  ready: async () => {},
  run: async () => ({
    pose: {
      people: [{ pose_keypoints_2d: Array.from({ length: 54 }, (_, i) => (i % 3 === 2 ? 1 : 10 + i)) }],
      animals: [],
      canvas_width: 64,
      canvas_height: 48,
    },
    timingsMs: {},
  }),
  close: async () => {},
};

describe('files that are deleted: prompts deleted from the history, expired uploads, prompts past retention', () => {
  let app: FastifyInstance;
  let dataDir: string;
  let alice: TestUser;
  beforeAll(async () => {
    dataDir = tempDataDir();
    await seedDatabase(dataDir);
    app = await buildApp(testConfig(dataDir, { HISTORY_RETENTION_DAYS: '30', ESTIMATOR_PRELOAD: '0' }), undefined, undefined, instantEstimator);
    await app.generation.start();
    alice = await createTestUser('sweep-alice');
  });
  afterAll(() => app?.close());

  const fileOf = (url: string) => path.join(dataDir, 'files', decodeURIComponent(new URL(url, 'http://x').pathname.slice('/files/'.length)));
  /** Submits a prompt, waits until it is done, and answers it with the files of its images, control image and pose thumbnail. */
  async function donePrompt(user: TestUser) {
    const promptId = (await submit(app, user, { width: 120, height: 80, gNumber: 2 })).json().data.prompt_id as string;
    await (await app.generation.thumbnails()).idle();
    const item = await waitFor(
      async () => {
        const found = (await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${promptId}`, headers: bearer(user) })).json().data.items[0];
        return found.status === 'done' ? found : null;
      },
      20_000,
      'the prompt to finish',
    );
    expect(item.pose_thumbnail).toMatch(/\/thumbnail\.png\?/);
    const files = [...item.images, item.control_image, { url: item.pose_thumbnail }].map((image: { url: string }) => fileOf(image.url));
    return { promptId, files, bytes: files.reduce((sum, file) => sum + fs.statSync(file).size, 0) };
  }

  it('deleting a finished prompt deletes its images and thumbnail and gives their bytes back; only its owner can', async () => {
    const before = await usedBytes(app, alice);
    const prompt = await donePrompt(alice);
    expect(await usedBytes(app, alice)).toBe(before + prompt.bytes);
    expect((await remove(app, await createTestUser('sweep-bob'), prompt.promptId)).statusCode).toBe(404);
    const res = await remove(app, alice, prompt.promptId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ prompt_id: prompt.promptId, freed_bytes: prompt.bytes, storage: { used_bytes: before, quota_bytes: 500 * 1024 * 1024 } });
    for (const file of prompt.files) expect(fs.existsSync(file)).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${prompt.promptId}`, headers: bearer(alice) })).statusCode).toBe(404);
    expect(refusal(await remove(app, alice, prompt.promptId))).toEqual([404, 40401, `No prompt ${prompt.promptId} in your history`]);
  });

  it('keeps no thumbnail of a prompt deleted before its thumbnail was stored', async () => {
    const before = await usedBytes(app, alice);
    const promptId = (await submit(app, alice, { width: 120, height: 80, gNumber: 1 })).json().data.prompt_id as string;
    await app.inject({ method: 'POST', url: '/v1/stop_prompt', headers: bearer(alice), payload: { prompt_id: promptId } });
    expect((await remove(app, alice, promptId)).statusCode).toBe(200);
    await (await app.generation.thumbnails()).idle();
    expect(fs.existsSync(path.join(dataDir, 'files', poseThumbnailKey(alice.uid, promptId)))).toBe(false);
    expect(await usedBytes(app, alice)).toBe(before);
  });

  it('deletes an upload UPLOAD_TTL_MIN (60) minutes after its URL was given; an estimate made from it keeps its result', async () => {
    const photo = createCanvas(64, 48).encodeSync('png');
    const slot = (await presign(app, alice, photo.length)).json().data;
    expect((await put(app, slot.upload_url, photo)).statusCode).toBe(200);
    const estimate = await app.inject({ method: 'POST', url: '/v1/query_prompt_estimator', headers: bearer(alice), payload: { image_url: slot.image_url } });
    expect(estimate.json()).toMatchObject({ code: 200 });
    const promptId = estimate.json().data.prompt_id as string;
    const status = () => app.inject({ method: 'GET', url: `/v1/query_prompt_estimator?prompt_id=${promptId}`, headers: bearer(alice) });
    await waitFor(async () => (await status()).json().data.status === 'done', 5000, 'the estimate');
    const held = await usedBytes(app, alice);

    expect(await app.generation.sweepStorage(new Date(Date.now() + 59 * MINUTE))).toEqual({ uploads: 0, prompts: 0, freedBytes: 0 });
    expect((await app.inject({ method: 'GET', url: slot.image_url })).statusCode).toBe(200);
    expect(await app.generation.sweepStorage(new Date(Date.now() + 61 * MINUTE))).toEqual({ uploads: 1, prompts: 0, freedBytes: photo.length });
    expect(fs.existsSync(fileOf(slot.image_url))).toBe(false);
    expect(await usedBytes(app, alice)).toBe(held - photo.length);
    expect((await app.inject({ method: 'GET', url: slot.image_url })).statusCode).toBe(404);
    expect(
      refusal(await app.inject({ method: 'POST', url: '/v1/query_prompt_estimator', headers: bearer(alice), payload: { image_url: slot.image_url } })),
    ).toEqual([
      404,
      40401,
      'Nothing is at image_url: the photo was not uploaded yet (send it to upload_url first), or it expired and was deleted (uploads are kept 60 minutes); upload it again',
    ]);
    expect(refusal(await put(app, slot.upload_url, photo))).toEqual([
      403,
      40301,
      'This upload URL is no longer open (its upload has expired); ask for a new one',
    ]);
    // The estimate's result does not need the photo.
    expect((await status()).json().data).toMatchObject({ status: 'done', result: { canvas_width: 64, canvas_height: 48 } });
  });

  it('deletes finished prompts older than HISTORY_RETENTION_DAYS (30) with their files, giving their bytes back', async () => {
    const before = await usedBytes(app, alice);
    const prompt = await donePrompt(alice);
    expect((await app.generation.sweepStorage(new Date(Date.now() + 29 * DAY))).prompts).toBe(0);
    expect(await app.generation.sweepStorage(new Date(Date.now() + 31 * DAY))).toEqual({ uploads: 0, prompts: 1, freedBytes: prompt.bytes });
    for (const file of prompt.files) expect(fs.existsSync(file)).toBe(false);
    expect(await usedBytes(app, alice)).toBe(before);
    const history = (await app.inject({ method: 'GET', url: '/v1/history', headers: bearer(alice) })).json().data;
    expect(history.total).toBe(0);
  });
});
