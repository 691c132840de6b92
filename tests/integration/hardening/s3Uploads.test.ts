import { createCanvas } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../../server/storage/s3Storage';
import { loadStorageSettings } from '../../../server/storage/storageConfig';
import { uploadKey, userPrefix } from '../../../server/storage/storageKeys';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, waitFor } from '../../support/generationApp';
import { startS3TestServer, type S3TestServer } from '../../support/s3TestServer';

// With STORAGE=s3, uploads are presigned POSTs whose policy caps the size (the S3 test
// server's gate checks policies as S3 does), and the quota, expiry and deletion reach the bucket.

interface Slot {
  upload_url: string;
  upload_method: 'POST';
  upload_fields: Record<string, string>;
  image_url: string;
}

let s3: S3TestServer;
let app: FastifyInstance;
let alice: TestUser;
const png = createCanvas(40, 30).encodeSync('png');
const MINUTE = 60_000;

/** The S3 error code of a refused request, e.g. EntityTooLarge. */
const s3Error = async (res: Response) => /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1];

async function presign(user: TestUser, size: number): Promise<Slot> {
  const query = new URLSearchParams({ filename: 'me.png', content_type: 'image/png', purpose: 'estimation', size: String(size) });
  const res = await app.inject({ method: 'GET', url: `/v1/get_presign_url?${query}`, headers: bearer(user) });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** Posts a file as a browser's form would: the slot's fields (some changed), then the file last. */
function post(slot: { upload_url: string; upload_fields: Record<string, string> }, body: Buffer, change: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...slot.upload_fields, ...change })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(body)], { type: 'image/png' }), 'me.png');
  return fetch(slot.upload_url, { method: 'POST', body: form });
}

beforeAll(async () => {
  s3 = await startS3TestServer();
  app = await generationApp(tempDataDir(), { env: { ...s3.env, USER_STORAGE_QUOTA_MB: '1' }, workers: true });
  alice = await createTestUser('s3-alice');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await s3?.close();
});

describe('uploads to S3', () => {
  it('take a file up to the size given for the URL, and refuse a larger one in the bucket itself', async () => {
    const slot = await presign(alice, png.length);
    const tooLarge = await post(slot, Buffer.concat([png, Buffer.alloc(1)]));
    expect([tooLarge.status, await s3Error(tooLarge)]).toEqual([400, 'EntityTooLarge']);
    expect((await fetch(slot.image_url)).status).toBe(404);
    expect((await post(slot, png)).status).toBe(204);
    expect(Buffer.from(await (await fetch(slot.image_url)).arrayBuffer()).equals(png)).toBe(true);
  });

  it('refuse another key, another content type, an altered policy or an expired one', async () => {
    const slot = await presign(alice, png.length);
    const bobsKey = uploadKey('bob', 'estimation', 'me.png', 'image/png');
    // Form field names are case-insensitive to S3: find the policy's, whatever the signer called it.
    const policyField = Object.keys(slot.upload_fields).find((name) => name.toLowerCase() === 'policy')!;
    const policy = JSON.parse(Buffer.from(slot.upload_fields[policyField], 'base64').toString());
    policy.conditions = policy.conditions.map((c: unknown) => (Array.isArray(c) ? ['content-length-range', 1, 100 * 1024 * 1024] : c));
    const widened = Buffer.from(JSON.stringify(policy)).toString('base64');
    for (const [change, code] of [
      [{ key: bobsKey }, 'AccessDenied'],
      [{ 'Content-Type': 'text/html' }, 'AccessDenied'],
      [{ [policyField]: widened }, 'SignatureDoesNotMatch'],
      [{ acl: 'public-read' }, 'AccessDenied'],
    ] as const) {
      const res = await post(slot, png, change);
      expect([res.status, await s3Error(res)], JSON.stringify(change)).toEqual([403, code]);
    }
    const settings = loadStorageSettings(s3.env);
    if (settings.kind !== 's3') throw new Error('expected S3 settings');
    const key = uploadKey(alice.uid, 'estimation', 'late.png', 'image/png');
    const expired = await new S3Storage(settings.s3).uploadSlot(key, png.length, 900, Date.now() - 901_000);
    const res = await post({ upload_url: expired.url, upload_fields: expired.fields! }, png);
    expect([res.status, await s3Error(res)]).toEqual([403, 'AccessDenied']);
  });

  it('count against the quota, and are deleted from the bucket once they expire', async () => {
    const bob = await createTestUser('s3-bob');
    const slot = await presign(bob, 700_000);
    expect((await post(slot, png)).status).toBe(204);
    const over = await app.inject({
      method: 'GET',
      url: '/v1/get_presign_url?filename=a.png&content_type=image/png&purpose=estimation&size=400000',
      headers: bearer(bob),
    });
    expect([over.statusCode, over.json().response_metadata.error.code_n]).toEqual([507, 50701]);
    await app.generation.sweepStorage(new Date(Date.now() + 61 * MINUTE));
    const gone = await fetch(slot.image_url);
    expect([gone.status, await s3Error(gone)]).toEqual([404, 'NoSuchKey']);
    expect(await (await app.generation.open()).ledger.usedBytes(userPrefix(bob.uid))).toBe(0);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/v1/get_presign_url?filename=a.png&content_type=image/png&purpose=estimation&size=400000',
          headers: bearer(bob),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('deleting a prompt deletes its images and pose thumbnail from the bucket and gives their bytes back', async () => {
    const carol = await createTestUser('s3-carol');
    const { prompt_id } = (
      await app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(carol), payload: promptBody({ width: 120, height: 80, gNumber: 1 }) })
    ).json().data;
    await (await app.generation.thumbnails()).idle();
    const item = await waitFor(
      async () => {
        const found = (await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${prompt_id}`, headers: bearer(carol) })).json().data.items[0];
        return found.status === 'done' ? found : null;
      },
      20_000,
      'the prompt to finish',
    );
    const urls = [item.images[0].url, item.control_image.url, item.pose_thumbnail];
    const sizes = await Promise.all(urls.map(async (url: string) => (await (await fetch(url)).arrayBuffer()).byteLength));
    const res = await app.inject({ method: 'DELETE', url: `/v1/history/${prompt_id}`, headers: bearer(carol) });
    expect(res.json().data).toMatchObject({ freed_bytes: sizes[0] + sizes[1] + sizes[2], storage: { used_bytes: 0 } });
    for (const url of urls) expect((await fetch(url)).status).toBe(404);
  });
});
