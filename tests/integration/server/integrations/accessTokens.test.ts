import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_LIMITS, API_PATHS, apiPath } from '../../../../src/api/contract';
import { createTestUser, type TestUser } from '../../../support/emulator';
import { samplePose } from '../../../support/generationApp';
import { callWith, twoInstances, type TwoInstances } from '../../../support/integrationInstances';

// Personal access tokens on two instances of one Postgres: made and revoked with a Firebase sign-in
// only, shown once and stored hashed, scoped, and refused at once everywhere once revoked or expired.

let instances: TwoInstances;
let a: FastifyInstance;
let b: FastifyInstance;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  instances = await twoInstances('tokens');
  ({ a, b } = instances);
  [alice, bob] = await Promise.all([createTestUser('pat-alice'), createTestUser('pat-bob')]);
}, 120_000);
afterAll(() => instances?.close());

const makeToken = async (user: TestUser, scopes: string[], extra: Record<string, unknown> = {}) => {
  const res = await callWith(a, user.idToken, 'POST', API_PATHS.accessTokens, { name: `ComfyUI ${crypto.randomUUID().slice(0, 6)}`, scopes, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; token: string; scopes: string[]; expires_at: string | null; last_used_at: string | null };
};
const description = (res: { body: { response_metadata?: { error: { description: string } } } }) => res.body.response_metadata?.error.description ?? '';

describe('personal access tokens across two instances', () => {
  it('shows the token once, keeps only its hash, and lists it without the token', async () => {
    const made = await makeToken(alice, ['documents:read'], { expires_in_days: 30 });
    expect(made.token).toMatch(ACCESS_TOKEN_LIMITS.pattern);
    expect(made.last_used_at).toBeNull();
    expect(Date.parse(made.expires_at!) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const list = await callWith(b, alice.idToken, 'GET', API_PATHS.accessTokens);
    const listed = list.body.data.items.find((item: { id: string }) => item.id === made.id);
    expect(listed).toMatchObject({ id: made.id, scopes: ['documents:read'] });
    expect(JSON.stringify(list.body)).not.toContain(made.token);
    const db = (await a.generation.open()).db;
    const { rows } = await db.query<{ token_hash: string }>('SELECT token_hash FROM access_tokens WHERE id = $1', [made.id]);
    expect(rows[0]!.token_hash).toBe(crypto.createHash('sha256').update(made.token).digest('hex'));
    // Bob sees none of Alice's tokens and cannot revoke them.
    const bobs = await callWith(b, bob.idToken, 'GET', API_PATHS.accessTokens);
    expect(bobs.body.data.items.map((item: { id: string }) => item.id)).not.toContain(made.id);
    expect((await callWith(b, bob.idToken, 'DELETE', apiPath(API_PATHS.accessToken, { id: made.id }))).status).toBe(404);
  });

  it('reads documents on the other instance, notes its use, and is revoked there at once', async () => {
    const doc = await callWith(a, alice.idToken, 'POST', API_PATHS.documents, { name: 'For ComfyUI', content: { pose: samplePose() } });
    const made = await makeToken(alice, ['documents:read']);
    const read = await callWith(b, made.token, 'GET', apiPath(API_PATHS.document, { id: doc.body.data.id }));
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe('For ComfyUI');
    const listed = (await callWith(a, alice.idToken, 'GET', API_PATHS.accessTokens)).body.data.items.find((i: { id: string }) => i.id === made.id);
    expect(listed.last_used_at).not.toBeNull();
    expect((await callWith(a, alice.idToken, 'DELETE', apiPath(API_PATHS.accessToken, { id: made.id }))).body.data).toEqual({ id: made.id });
    const after = await callWith(b, made.token, 'GET', API_PATHS.documents);
    expect(after.status).toBe(401);
    expect(after.body.response_metadata?.error.code_n).toBe(40101);
  });

  it('is refused on both instances once it has expired', async () => {
    const made = await makeToken(alice, ['documents:read'], { expires_in_days: 1 });
    expect((await callWith(b, made.token, 'GET', API_PATHS.documents)).status).toBe(200);
    await (await a.generation.open()).db.query("UPDATE access_tokens SET expires_at = clock_timestamp() - interval '1 second' WHERE id = $1", [made.id]);
    for (const app of [a, b]) expect((await callWith(app, made.token, 'GET', API_PATHS.documents)).status).toBe(401);
  });

  it('is refused with 403 outside the routes and scopes it was made for, and cannot manage tokens', async () => {
    const reader = await makeToken(alice, ['documents:read']);
    const writer = await makeToken(alice, ['documents:read', 'documents:write']);
    const refused = [
      await callWith(b, writer.token, 'GET', API_PATHS.history),
      await callWith(b, writer.token, 'POST', API_PATHS.documents, { name: 'x', content: { pose: samplePose() } }),
      await callWith(b, writer.token, 'POST', API_PATHS.accessTokens, { name: 'more', scopes: ['documents:read'] }),
      await callWith(b, writer.token, 'GET', API_PATHS.accessTokens),
      await callWith(b, reader.token, 'POST', API_PATHS.editSessions, { pose_keypoint: [samplePose()] }),
    ];
    expect(refused.map((res) => res.status)).toEqual([403, 403, 403, 403, 403]);
    expect(description(refused[4]!)).toContain('documents:write');
    expect(description(refused[2]!)).toMatch(/sign in/i);
  });

  it('answers bad input and unknown tokens in the envelope', async () => {
    const bad = [
      { name: '', scopes: ['documents:read'] },
      { name: 'n'.repeat(ACCESS_TOKEN_LIMITS.nameLength + 1), scopes: ['documents:read'] },
      { name: 'write only', scopes: ['documents:write'] },
      { name: 'unknown scope', scopes: ['documents:read', 'admin'] },
      { name: 'too long', scopes: ['documents:read'], expires_in_days: ACCESS_TOKEN_LIMITS.maxDays + 1 },
      { name: 'zero', scopes: ['documents:read'], expires_in_days: 0 },
    ];
    for (const body of bad) {
      const res = await callWith(a, alice.idToken, 'POST', API_PATHS.accessTokens, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.response_metadata?.error.code_n).toBe(40001);
    }
    const huge = await callWith(a, alice.idToken, 'POST', API_PATHS.accessTokens, { name: 'x', scopes: ['documents:read'], pad: 'x'.repeat(10_000) });
    expect(huge.status).toBe(413);
    const forged = `${ACCESS_TOKEN_LIMITS.prefix}${crypto.randomBytes(32).toString('base64url')}`;
    const live = (await makeToken(alice, ['documents:read'])).token;
    const changed = live.slice(0, -1) + (live.endsWith('A') ? 'B' : 'A');
    for (const token of [forged, 'pcat_short', changed, `${live}x`]) expect((await callWith(b, token, 'GET', API_PATHS.documents)).status).toBe(401);
    expect((await callWith(b, live, 'GET', API_PATHS.documents)).status).toBe(200);
    expect((await callWith(a, alice.idToken, 'DELETE', apiPath(API_PATHS.accessToken, { id: 'nope' }))).status).toBe(400);
  });
});
