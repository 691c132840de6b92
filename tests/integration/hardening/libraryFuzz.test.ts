import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath, POSE_LIBRARY_LIMITS } from '../../../src/api/contract';
import { createTestUser, type TestUser } from '../../support/emulator';
import { libraryApp, poseApi, saveBody } from '../library/posesSupport';
import { expectEnvelope, nastyString } from './hostileInput';

// Property-based, on the pose library and its public share links: names, tags, searches and share
// ids holding NUL, broken surrogates, String.replace patterns ($' $` $& $$ $1), markup, and
// oversize text. Text the database cannot keep is refused with a 400; anything saved comes back,
// through the API and on the share page, exactly as written; nothing answers a 5xx.

/** Pieces that have broken the library before, or could. */
const piece = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\uD800',
    '\uDC00',
    '\uD83D\uDE00',
    "$'",
    '$`',
    '$&',
    '$$',
    '$1',
    '$<name>',
    '</title>',
    '</head>',
    '<title>',
    '<script>alert(1)</script>',
    '"',
    "'",
    '&amp;',
    ' ',
  ),
  fc.string({ maxLength: 12 }),
);
/** A pose name made of those pieces, or an oversize one. */
const hostileName = fc.oneof(
  fc.array(piece, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')),
  fc.constantFrom('x'.repeat(POSE_LIBRARY_LIMITS.nameLength + 1), 'x'.repeat(100_000), `${'$'.repeat(POSE_LIBRARY_LIMITS.nameLength - 1)}'`),
);

// Postgres keeps neither NUL nor half of a surrogate pair.
const unstorable = (text: string) => /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Percent-encodes text's UTF-8 bytes, every one (a broken surrogate goes as U+FFFD, as a browser would send it). */
const percentEncoded = (text: string) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
/** Query and path text as sent: hostile text encoded, or raw escapes that are not valid UTF-8 or not escapes at all. */
const urlText = fc.oneof(
  fc.oneof(hostileName, nastyString).map(percentEncoded),
  fc.constantFrom('%ED%A0%80', '%C0%80', '%00', '%zz', '%', '%FF%FE', "$'", '$%60'),
);

let app: FastifyInstance;
let api: ReturnType<typeof poseApi>;
let alice: TestUser;

beforeAll(async () => {
  app = await libraryApp({ POSES_RATE_PER_MIN: '1000000', SHARED_POSE_RATE_PER_MIN: '1000000', PUBLIC_BASE_URL: 'https://posecraft.example' });
  api = poseApi(app);
  alice = await createTestUser('library-fuzz');
}, 60_000);
afterAll(() => app.close());

describe('the pose library under hostile text', () => {
  it('saves a name as written and shows it so on the share page, or refuses it with a 400 (NUL, broken surrogates, too long)', async () => {
    await fc.assert(
      fc.asyncProperty(hostileName, fc.array(piece, { maxLength: 3 }), async (name, tags) => {
        const res = await api.save(alice, saveBody({ name, tags }));
        expectEnvelope(res, `save ${JSON.stringify(name).slice(0, 80)} ${JSON.stringify(tags)}`);
        if (unstorable(name) || tags.some(unstorable)) expect(res.statusCode).toBe(400);
        if (res.statusCode !== 200) return;
        const saved = res.json().data as { id: string; name: string };
        expect(saved.name).toBe(name.trim());
        const { share_id: shareId } = (await api.share(alice, saved.id)).json().data as { share_id: string };
        expect((await api.shared(shareId)).json().data.name).toBe(name.trim());
        const page = await api.page(shareId);
        expect(page.statusCode).toBe(200);
        expect(page.body.match(/<title>/g)).toHaveLength(1);
        expect(page.body.match(/<\/head>/g)).toHaveLength(1);
        expect(/<title>([^<]*)<\/title>/.exec(page.body)?.[1]).toBe(`${escapeHtml(name.trim())} · Posecraft`);
        expect(page.body).toContain(`<meta property="og:title" content="${escapeHtml(name.trim())}" />`);
        expect(page.body).toContain('<div id="root"></div>');
        expect((await api.remove(alice, saved.id)).statusCode).toBe(200);
      }),
      // Each valid save draws a thumbnail in the render process.
      { numRuns: 60 },
    );
  }, 120_000);

  it('answers any search with the envelope: a 400 for text that cannot be stored or is too long, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(urlText, fc.constantFrom('q', 'tag'), async (words, field) => {
        const res = await api.list(alice, `${field}=${words}`);
        expectEnvelope(res, `GET ${API_PATHS.poses}?${field}=${words.slice(0, 120)}`);
        if (/%00/i.test(words)) expect(res.statusCode).toBe(400);
      }),
      { numRuns: 150 },
    );
  });

  it('answers any share id on /v1/shared with a 4xx envelope and on /p/ with the page (404) or a 4xx, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(urlText, async (id) => {
        const shared = await app.inject({ method: 'GET', url: apiPath(API_PATHS.sharedPose, { shareId: '' }) + id });
        expectEnvelope(shared, `GET /v1/shared/${id.slice(0, 80)}`);
        expect([400, 404]).toContain(shared.statusCode);
        for (const url of [`/p/${id}`, `/p/${id}/thumbnail.png`]) {
          const page = await app.inject({ method: 'GET', url, headers: { host: 'attacker.example' } });
          expect(page.statusCode, url).toBeGreaterThanOrEqual(400);
          expect(page.statusCode, url).toBeLessThan(500);
          if (!page.headers['content-type']?.toString().startsWith('text/html')) expectEnvelope(page, url);
          expect(page.body).not.toContain('attacker.example');
        }
      }),
      { numRuns: 150 },
    );
  });

  it('refuses a save body past its size limit with 413 in the envelope, and stores nothing', async () => {
    const huge = JSON.stringify(saveBody({ name: 'Huge', tags: ['x'.repeat(POSE_LIBRARY_LIMITS.bodyBytes)] }));
    const res = await app.inject({
      method: 'POST',
      url: API_PATHS.poses,
      headers: { authorization: `Bearer ${alice.idToken}`, 'content-type': 'application/json' },
      payload: huge,
    });
    expectEnvelope(res, 'an oversize save');
    expect(res.statusCode).toBe(413);
    expect((await api.list(alice)).json().data.total).toBe(0);
  });
});
