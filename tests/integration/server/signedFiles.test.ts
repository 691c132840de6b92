import { userPrefix } from '../../../server/storage/storageKeys';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { UrlSigner } from '../../../server/storage/urlSigner';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, TEST_STORAGE_SECRET, tempDataDir } from '../../support/generationApp';

let app: FastifyInstance;
let alice: TestUser;
const signer = new UrlSigner(TEST_STORAGE_SECRET);
const canvas = createCanvas(32, 24);
canvas.getContext('2d').fillRect(4, 4, 10, 10);
const png = canvas.encodeSync('png');
const jpeg = canvas.encodeSync('jpeg', 80);
const webp = canvas.encodeSync('webp', 80);

const presign = (qs: string, user: TestUser | null = alice) =>
  app.inject({ method: 'GET', url: `/v1/get_presign_url?${qs}`, headers: user ? bearer(user) : {} });
const put = (url: string, body: Buffer | string, type: string) => app.inject({ method: 'PUT', url, headers: { 'content-type': type }, payload: body });
const errorOf = (res: { json(): { response_metadata: { error: { description: string } } } }) => res.json().response_metadata.error.description;

/** A fresh upload slot for a content type. */
async function slot(type = 'image/png', filename = 'photo.png') {
  const res = await presign(`filename=${encodeURIComponent(filename)}&content_type=${encodeURIComponent(type)}&purpose=estimation`);
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { upload_url: string; image_url: string; expires_at: string };
  return { ...data, key: decodeURIComponent(new URL(data.image_url, 'http://x').pathname.slice('/files/'.length)) };
}

beforeAll(async () => {
  app = await generationApp(tempDataDir(), { env: { UPLOAD_MAX_MB: '1' } });
  alice = await createTestUser('alice');
});
afterAll(() => app.close());

describe('GET /v1/get_presign_url', () => {
  it("gives a PUT URL and a GET URL for a new file in the caller's folder", async () => {
    const { upload_url, image_url, expires_at, key } = await slot('image/png', 'My Photo (1).png');
    expect(upload_url).toMatch(/^\/files\/.+\?expires=\d+&sig=[\w-]+$/);
    expect(image_url).toMatch(/^\/files\/.+\?expires=\d+&sig=[\w-]+$/);
    expect(key).toMatch(new RegExp(`^${userPrefix(alice.uid)}/uploads/estimation/[0-9a-f-]{36}-My-Photo-1\\.png$`));
    expect(key).not.toContain(alice.uid);
    const minutes = (Date.parse(expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThan(21);
  });

  it.each([
    ['a GIF', 'filename=a.gif&content_type=image/gif&purpose=estimation', 'content_type: must be one of image/jpeg, image/png, image/webp'],
    ['no purpose', 'filename=a.png&content_type=image/png', 'purpose: is required'],
    ['an unknown purpose', 'filename=a.png&content_type=image/png&purpose=anything', 'purpose: must be one of'],
    ['no filename', 'content_type=image/png&purpose=estimation', 'filename: is required'],
    ['a filename with a path', 'filename=..%2F..%2Fetc%2Fpasswd&content_type=image/png&purpose=estimation', 'filename: must be a file name without slashes'],
  ])('answers %s with a 400', async (_name, qs, description) => {
    const res = await presign(qs);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain(description);
  });

  it('needs a signed-in caller', async () => {
    expect((await presign('filename=a.png&content_type=image/png&purpose=estimation', null)).statusCode).toBe(401);
  });
});

describe('signed /files URLs', () => {
  it.each([
    ['PNG', 'image/png', png],
    ['JPEG', 'image/jpeg', jpeg],
    ['WebP', 'image/webp', webp],
  ])('uploads a %s and downloads the same bytes with its content type', async (_name, type, bytes) => {
    const { upload_url, image_url } = await slot(type);
    expect((await app.inject({ method: 'GET', url: image_url })).statusCode).toBe(404);
    const res = await put(upload_url, bytes, type);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ size: bytes.length, content_type: type });
    const file = await app.inject({ method: 'GET', url: image_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(type);
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
  });

  it('refuses an upload whose bytes are not the type it claims', async () => {
    const { upload_url } = await slot('image/png');
    const text = await put(upload_url, 'just some text, not an image', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(errorOf(text)).toBe('The file is not really image/png: its bytes are not a JPEG, PNG or WebP image');
    const jpegAsPng = await put(upload_url, jpeg, 'image/png');
    expect(jpegAsPng.statusCode).toBe(415);
    expect(errorOf(jpegAsPng)).toBe('The file is not really image/png: its bytes are image/jpeg');
  });

  it('refuses a content type other than the one the URL was made for', async () => {
    const { upload_url } = await slot('image/png');
    const res = await put(upload_url, jpeg, 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(errorOf(res)).toBe('This URL takes image/png, not "image/jpeg"');
    expect((await put(upload_url, png, 'application/octet-stream')).statusCode).toBe(415);
    expect((await put(upload_url, Buffer.alloc(0), 'image/png')).statusCode).toBe(400);
  });

  it('refuses an upload over the size limit with 413', async () => {
    const { upload_url } = await slot('image/png');
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024 + 10)]);
    const res = await put(upload_url, big, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().response_metadata.error.code_n).toBe(41301);
  });

  it('refuses an expired URL, a tampered signature or expiry, and a URL reused for another file or method', async () => {
    const { upload_url, image_url, key } = await slot('image/png');
    expect((await put(upload_url, png, 'image/png')).statusCode).toBe(200);
    const expired = signer.sign('GET', key, -3600);
    const cases: Array<[string, string]> = [
      ['expired', `/files/${key}?expires=${expired.expires}&sig=${expired.sig}`],
      ['tampered signature', image_url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`)],
      ['tampered expiry', image_url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`)],
      // The same time written differently is still not the URL we signed (a changed byte invalidates it).
      ['expiry with a leading zero', image_url.replace('expires=', 'expires=0')],
      ['other key', image_url.replace(/\.png\?/, '-other.png?')],
      ['no signature', `/files/${key}`],
    ];
    for (const [name, url] of cases) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, name).toBe(403);
      expect(res.json().response_metadata.error.code_n, name).toBe(40301);
    }
    expect(errorOf(await app.inject({ method: 'GET', url: cases[0][1] }))).toBe('This file URL has expired; ask for a new one');
    // The download URL cannot upload, and the upload URL cannot download.
    expect((await put(image_url, png, 'image/png')).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: upload_url })).statusCode).toBe(403);
  });

  it('never serves a path outside the storage folder', async () => {
    const paths = ['..%2F..%2F..%2Fetc%2Fpasswd', '%2Fetc%2Fpasswd', 'users/x/.hidden', 'users//x.png', 'users/x/..%5C..%5Cx.png'];
    for (const path of paths) {
      const key = decodeURIComponent(path);
      const { expires, sig } = signer.sign('GET', key, 600);
      const res = await app.inject({ method: 'GET', url: `/files/${path}?expires=${expires}&sig=${sig}` });
      expect(res.statusCode, path).toBe(400);
      expect(errorOf(res)).toBe('The file path is not valid');
    }
    // A literal (or %2e) ../ is resolved by URL parsing before routing: it never reaches the file route.
    for (const url of ['/files/../../../etc/passwd', '/files/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('root:');
      expect(res.headers['content-type'], url).not.toMatch(/^image\//);
    }
  });
});
