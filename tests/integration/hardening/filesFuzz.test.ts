import fs from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../../server/storage/localDiskStorage';
import { UrlSigner } from '../../../server/storage/urlSigner';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, TEST_STORAGE_SECRET, tempDataDir } from '../../support/generationApp';
import { contentType, expectEnvelope, nastyString } from './hostileInput';

// Property-based: signed /files URLs. A changed byte, a key from elsewhere or a path that tries to
// leave the storage folder is refused with a 4xx in the envelope, and nothing outside the folder is
// ever read or written.

let app: FastifyInstance;
let alice: TestUser;
const dataDir = tempDataDir();
const signer = new UrlSigner(TEST_STORAGE_SECRET);
const png = createCanvas(16, 16).encodeSync('png');
let imageUrl: string;
let uploadUrl: string;

/** Characters a one-character edit of a URL may put in (the ones a URL can carry as they are). */
const URL_CHARS = 'abcdefABCDEF0123456789-._~%/?&=#+';
/** Path pieces that try to leave the storage folder, plain and encoded. */
const escape = fc.constantFrom(
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '..%2f',
  '..%5c',
  '%2f',
  '%5c',
  '%00',
  '/',
  '\\',
  '~',
  '.hidden',
  'C:',
  '%252e%252e',
  '..;',
  '\u2024\u2024',
);

beforeAll(async () => {
  app = await generationApp(dataDir);
  alice = await createTestUser('files-fuzz');
  const slot = (
    await app.inject({ method: 'GET', url: '/v1/get_presign_url?filename=a.png&content_type=image/png&purpose=reference', headers: bearer(alice) })
  ).json().data;
  ({ image_url: imageUrl, upload_url: uploadUrl } = slot);
  expect((await app.inject({ method: 'PUT', url: uploadUrl, headers: { 'content-type': 'image/png' }, payload: png })).statusCode).toBe(200);
  // Something outside the storage folder that an escape would reach.
  fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'root:x:0:0');
}, 60_000);
afterAll(() => app.close());

describe('signed /files URLs under random edits', () => {
  it('refuses the download URL with any one character changed, inserted or removed', async () => {
    expect((await app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(200);
    const edit = fc.oneof(
      fc.tuple(fc.nat({ max: imageUrl.length - 1 }), fc.constantFrom(...URL_CHARS)).map(([i, c]) => imageUrl.slice(0, i) + c + imageUrl.slice(i + 1)),
      fc.tuple(fc.nat({ max: imageUrl.length }), fc.constantFrom(...URL_CHARS)).map(([i, c]) => imageUrl.slice(0, i) + c + imageUrl.slice(i)),
      fc.nat({ max: imageUrl.length - 1 }).map((i) => imageUrl.slice(0, i) + imageUrl.slice(i + 1)),
    );
    await fc.assert(
      fc.asyncProperty(edit, async (url) => {
        fc.pre(url !== imageUrl);
        const res = await app.inject({ method: 'GET', url });
        // A trailing edit after the signature ("&x", "#...") leaves the same signed request; anything else is refused.
        const same = new URL(url, 'http://x');
        const original = new URL(imageUrl, 'http://x');
        if (
          same.pathname === original.pathname &&
          same.searchParams.get('expires') === original.searchParams.get('expires') &&
          same.searchParams.get('sig') === original.searchParams.get('sig')
        )
          return;
        // An edit that takes the path out of /files/ reaches the web app (its index.html), never the image.
        expect(Buffer.compare(res.rawPayload, png), url).not.toBe(0);
        if (same.pathname.startsWith('/files/')) {
          expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
          expectEnvelope(res, url);
        } else expect(res.headers['content-type'], url).toMatch(/^(text\/html|application\/json)/);
      }),
      { numRuns: 300 },
    );
  });

  it('never signs, serves or stores a key that leaves the storage folder, however it is encoded', async () => {
    const storage = new LocalDiskStorage(path.join(dataDir, 'files'), signer);
    const hostileKey = fc
      .array(fc.oneof(escape, fc.constantFrom('users', 'x.png', 'a'), nastyString), { minLength: 1, maxLength: 5 })
      .map((parts) => parts.join('/'));
    await fc.assert(
      fc.asyncProperty(hostileKey, fc.constantFrom('GET', 'PUT'), async (key, method) => {
        // The storage itself refuses the key, or resolves it inside its root.
        let file: string | null = null;
        try {
          file = storage.pathOf(key);
        } catch {
          // refused
        }
        if (file) expect(file.startsWith(path.join(dataDir, 'files') + path.sep), key).toBe(true);
        // Even correctly signed, the route serves nothing outside the folder.
        const { expires, sig } = signer.sign(method, key, 600);
        const encoded = key
          .split('/')
          .map((s) => encodeURIComponent(s))
          .join('/');
        const res = await app.inject({
          method,
          url: `/files/${encoded}?expires=${expires}&sig=${sig}`,
          headers: { 'content-type': 'image/png' },
          payload: method === 'PUT' ? png : undefined,
        });
        expect(res.body, key).not.toContain('root:x');
        // Only a key inside the folder can be a file; "/files/.." and the like fall out of /files/ to the web app.
        if (res.statusCode === 200 && method === 'PUT') expect(file, key).not.toBeNull();
        if (String(res.headers['content-type']).startsWith('image/')) expect(file, key).not.toBeNull();
        if (res.statusCode !== 200) expectEnvelope(res, key);
      }),
      { numRuns: 300 },
    );
    expect(fs.readFileSync(path.join(dataDir, 'secret.txt'), 'utf8')).toBe('root:x:0:0');
    // db.lock: the PGlite folder's lock, held while the app has the database open (uploads check their quota there).
    expect(fs.readdirSync(dataDir).sort()).toEqual(
      ['db', 'db.lock', 'files', 'secret.txt', 'storage-secret'].filter((f) => fs.existsSync(path.join(dataDir, f))).sort(),
    );
  });

  it('refuses uploads of the wrong type, lying about their type or unsigned, in the envelope', async () => {
    const bodies = fc.oneof(
      fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)),
      fc.constant(Buffer.alloc(0)),
      fc.constant(createCanvas(4, 4).encodeSync('jpeg')),
      fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    );
    await fc.assert(
      fc.asyncProperty(bodies, contentType, fc.boolean(), async (body, type, signed) => {
        const url = signed ? uploadUrl : uploadUrl.replace(/sig=[^&]+/, 'sig=forged');
        const res = await app.inject({ method: 'PUT', url, headers: type ? { 'content-type': type } : {}, payload: body });
        expectEnvelope(res, `PUT ${type} ${body.length} bytes`);
        expect(res.statusCode).not.toBe(200); // only a real PNG, declared as image/png, may go in
      }),
      { numRuns: 200 },
    );
    const file = await app.inject({ method: 'GET', url: imageUrl });
    expect(Buffer.compare(file.rawPayload, png)).toBe(0);
  });
});
