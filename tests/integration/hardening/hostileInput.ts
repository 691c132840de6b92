import fc from 'fast-check';
import { expect } from 'vitest';
import { promptBody } from '../../support/generationApp';

/** A string that tends to break parsers: control characters, long runs, unicode, traversal and injection bits. */
export const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '%zz',
    '%',
    '__proto__',
    'constructor',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '９',
    '😀'.repeat(50),
    'x'.repeat(5000),
  ),
);

/** Any JSON value, with a bias for the awkward ones (deep nesting, huge and odd numbers, prototype keys). */
export const nastyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(null, [], {}, 1e308, -1, 0.5, 2 ** 53 + 1, { __proto__: { admin: true } }, JSON.parse('{"__proto__":{"polluted":1}}')),
  fc.integer({ min: 1, max: 3000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
);

/** A valid prompt body with one to three fields replaced by hostile values, or removed. */
export const mutatedPromptBody = fc
  .array(fc.tuple(fc.constantFrom('prompt', 'negative_prompt', 'width', 'height', 'gNumber', 'seed', 'pose', 'extra'), fc.option(nastyJson)), {
    minLength: 1,
    maxLength: 3,
  })
  .map((changes) => promptBody(Object.fromEntries(changes.map(([field, value]) => [field, value ?? undefined]))));

/** A raw body: JSON text of something hostile, broken JSON, or random bytes. */
export const rawBody = fc.oneof(
  nastyJson.map((v) => JSON.stringify(v) ?? 'null'),
  mutatedPromptBody.map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }).map((s) => `{"prompt":${s}`),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
);

/** Content types a client might claim, right or wrong. */
export const contentType = fc.option(
  fc.oneof(
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'image/png',
      'application/octet-stream',
      '*/*',
    ),
    fc.string({ maxLength: 30 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
  ),
);

/** A query string of random parameters, some repeated, some badly percent-encoded. */
export const queryString = fc.oneof(
  fc
    .dictionary(fc.constantFrom('page', 'page_size', 'prompt_id', 'filename', 'content_type', 'purpose', 'access_token', 'x'), nastyString, { maxKeys: 4 })
    .map((params) => new URLSearchParams(params).toString()),
  fc.constantFrom(
    'page=1&page=2',
    'page=%zz',
    'prompt_id[]=1',
    'page_size=1e3',
    'page=-1',
    'filename=a%00.png&content_type=image/png&purpose=estimation',
    '&&&=',
    '%',
    'a'.repeat(4000),
  ),
);

/** The real token with one character changed. */
export function tamperedToken(realToken: string): fc.Arbitrary<string> {
  return fc.nat({ max: realToken.length - 1 }).map((i) => realToken.slice(0, i) + (realToken[i] === 'A' ? 'B' : 'A') + realToken.slice(i + 1));
}

/** Authorization headers that name nobody: none, malformed, or forged. */
export const forgedAuthorization: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  nastyString.filter((s) => /^[\x20-\x7e]*$/.test(s)),
  nastyString.filter((s) => /^[\x21-\x7e]+$/.test(s)).map((s) => `Bearer ${s}`),
  fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'),
);

/** Authorization headers: forged, the real one, tampered, or the real one with junk after it. */
export function authorization(realToken: string): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    forgedAuthorization,
    fc.constant(`Bearer ${realToken}`),
    fc.constant(`Bearer ${realToken} extra`),
    tamperedToken(realToken).map((t) => `Bearer ${t}`),
  );
}

/** Extra headers that have tripped servers before. */
export const oddHeaders = fc.dictionary(
  fc.constantFrom('content-encoding', 'accept-encoding', 'x-forwarded-for', 'origin', 'range', 'if-none-match', 'expect', 'x-http-method-override', 'cookie'),
  fc.oneof(
    fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'bytes=0-1', 'bytes=99999999-', '*', 'null', 'https://evil.example.net'),
    fc.string({ maxLength: 20 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
  ),
  { maxKeys: 3 },
);

/** What a response must look like: no 5xx, and the envelope of its status. */
export function expectEnvelope(res: { statusCode: number; body: string }, what: string): void {
  expect(res.statusCode, `${what} answered ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const json = JSON.parse(res.body) as { code: number; data?: unknown; response_metadata?: { error?: { code_n?: unknown; description?: unknown } } };
  expect(json.code, what).toBe(res.statusCode);
  if (res.statusCode === 200) {
    expect(json, what).toHaveProperty('data');
    return;
  }
  expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
  const error = json.response_metadata?.error;
  expect(Number.isInteger(error?.code_n), what).toBe(true);
  expect(typeof error?.description === 'string' && error.description.length > 0, what).toBe(true);
}
