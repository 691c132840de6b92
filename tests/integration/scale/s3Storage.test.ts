import { createCanvas } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredFileTooLarge } from '../../../server/storage/fileStorage';
import { S3Storage } from '../../../server/storage/s3Storage';
import { loadStorageSettings, type S3Settings } from '../../../server/storage/storageConfig';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, waitFor } from '../../support/generationApp';
import { readPngSize } from '../../support/pngInfo';
import { startS3TestServer, type S3TestServer } from '../../support/s3TestServer';

// STORAGE=s3 against an S3-compatible server on loopback (see README "Storage in S3" for what it does not check).

let s3: S3TestServer;
let settings: S3Settings;
let storage: S3Storage;
let alice: TestUser;
const png = createCanvas(40, 30).encodeSync('png');
const key = 'users/alice/uploads/reference/photo.png';

/** The S3 error code of a refused request, e.g. AccessDenied. */
const s3Error = async (res: Response) => /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1];

beforeAll(async () => {
  s3 = await startS3TestServer();
  const parsed = loadStorageSettings(s3.env);
  if (parsed.kind !== 's3') throw new Error('expected S3 settings');
  settings = parsed.s3;
  storage = new S3Storage(settings);
  alice = await createTestUser('alice');
});
afterAll(() => s3?.close());

describe('storage settings', () => {
  it('are local disk by default', () => {
    expect(loadStorageSettings({})).toEqual({ kind: 'local' });
  });

  it.each([
    [{ STORAGE: 'gcs' }, 'STORAGE must be local or s3, got "gcs"'],
    [{ STORAGE: 's3' }, 'STORAGE=s3 needs S3_BUCKET'],
    [{ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) origin such as https://s3.example.com, got "minio:9000"'],
    [{ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (AWS default credentials)'],
  ])('refuse %o', (env, message) => {
    expect(() => loadStorageSettings(env)).toThrow(message);
  });
});

describe('S3 storage (presigned downloads; uploads are in hardening/s3Uploads)', () => {
  it('gives a stored image back by presigned GET', async () => {
    await storage.put(key, png, 'image/png');
    const download = await storage.signedUrl(key, 3600);
    const res = await fetch(download.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    expect((await storage.read(key))?.equals(png)).toBe(true);
    expect(await storage.checkSignedUrl(download.url)).toEqual({ key, problem: null });
    expect(download.expiresAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 3_590_000);
  });

  it("refuses to read an object over the reader's limit from its length, unread", async () => {
    const big = `${key}.big.png`;
    await storage.put(big, Buffer.alloc(4096), 'image/png');
    await expect(storage.read(big, 1024)).rejects.toEqual(new StoredFileTooLarge(4096));
    expect((await storage.read(big, 4096))?.length).toBe(4096);
  });

  it('refuses an expired URL, in S3 and in our own check', async () => {
    const old = await storage.signedUrl(key, 60, Date.now() - 3 * 3_600_000);
    const res = await fetch(old.url);
    expect(res.status).toBe(403);
    expect(await s3Error(res)).toBe('AccessDenied');
    expect(await storage.checkSignedUrl(old.url)).toEqual({ key: null, problem: 'expired' });
  });

  it('refuses a tampered signature or key, in S3 and in our own check', async () => {
    const { url } = await storage.signedUrl(key, 600);
    const signature = new URL(url).searchParams.get('X-Amz-Signature')!;
    const forged = url.replace(signature, `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`);
    const otherKey = url.replace('photo.png', 'secret.png');
    for (const bad of [forged, otherKey]) {
      const res = await fetch(bad);
      expect(res.status).toBe(403);
      expect(await s3Error(res)).toBe('SignatureDoesNotMatch');
      expect(await storage.checkSignedUrl(bad)).toEqual({ key: null, problem: 'invalid' });
    }
    expect(await storage.checkSignedUrl(`https://elsewhere.example.com/${s3.bucket}/${key}`)).toEqual({ key: null, problem: 'foreign' });
    expect(await storage.checkSignedUrl(`/files/${key}?expires=1&sig=x`)).toEqual({ key: null, problem: 'foreign' });
  });
});

describe('the API with STORAGE=s3', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await generationApp(tempDataDir(), { env: s3.env, workers: true });
  }, 60_000);
  afterAll(() => app?.close());

  it('stores a generation job’s images in the bucket and serves them by presigned URLs', async () => {
    const body = promptBody({ width: 120, height: 80, gNumber: 2 });
    const { prompt_id } = (await app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(alice), payload: body })).json().data;
    const item = await waitFor(
      async () => {
        const found = (await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${prompt_id}`, headers: bearer(alice) })).json().data.items[0];
        return found.status === 'done' ? found : null;
      },
      20_000,
      'the job to finish',
    );
    expect(item.images).toHaveLength(2);
    for (const image of [...item.images, item.control_image]) {
      expect(image.url.startsWith(`${s3.endpoint}/${s3.bucket}/users/`)).toBe(true);
      const res = await fetch(image.url);
      expect(res.status).toBe(200);
      expect(readPngSize(Buffer.from(await res.arrayBuffer()))).toEqual({ width: 120, height: 80 });
    }
    // The browser may load and upload them: the bucket is in the Content-Security-Policy.
    const csp = (await app.inject({ method: 'GET', url: '/v1/health' })).headers['content-security-policy'] as string;
    expect(csp).toMatch(new RegExp(`img-src [^;]*${new URL(item.images[0].url).origin}`));
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${new URL(item.images[0].url).origin}`));
    // No local /files/ route with S3.
    expect(
      (await app.inject({ method: 'PUT', url: '/files/users/x/a.png?expires=1&sig=x', headers: { 'content-type': 'image/png' }, payload: png })).statusCode,
    ).toBe(404);
  });

  it('hands out upload forms into the bucket, and refuses a tampered image_url for an estimate', async () => {
    const query = new URLSearchParams({ filename: 'me.png', content_type: 'image/png', purpose: 'estimation', size: String(png.length) });
    const slot = (await app.inject({ method: 'GET', url: `/v1/get_presign_url?${query}`, headers: bearer(alice) })).json().data;
    expect([slot.upload_method, slot.upload_url]).toEqual(['POST', `${s3.endpoint}/${s3.bucket}`]);
    const form = new FormData();
    for (const [name, value] of Object.entries(slot.upload_fields as Record<string, string>)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    expect((await fetch(slot.upload_url, { method: 'POST', body: form })).status).toBe(204);
    const uploaded = await fetch(slot.image_url);
    expect(uploaded.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await uploaded.arrayBuffer()).equals(png)).toBe(true);

    const signature = new URL(slot.image_url).searchParams.get('X-Amz-Signature')!;
    const tampered = slot.image_url.replace(signature, `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`);
    const res = await app.inject({ method: 'POST', url: '/v1/query_prompt_estimator', headers: bearer(alice), payload: { image_url: tampered } });
    expect([res.statusCode, res.json().response_metadata.error.description]).toEqual([
      403,
      'image_url is not signed by this server, or was altered after signing',
    ]);
  });
});
