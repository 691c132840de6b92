import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath, EDIT_SESSION_LIMITS } from '../../../../src/api/contract';
import { createTestUser, type TestUser } from '../../../support/emulator';
import { callWith, twoInstances, type TwoInstances } from '../../../support/integrationInstances';
import { randomFrames, seeded } from '../../../support/randomFrames';

// Edit sessions on two instances of one Postgres: a run's frames become a document and a waiting
// session (with a token); the designer's Send back on one instance answers a long poll on the other;
// cancel, expiry, isolation and bad input.

let instances: TwoInstances;
let a: FastifyInstance;
let b: FastifyInstance;
let alice: TestUser;
let bob: TestUser;
let aliceToken: string;
let bobToken: string;
const random = seeded(Date.now() % 2 ** 31);

beforeAll(async () => {
  instances = await twoInstances('edit_sessions');
  ({ a, b } = instances);
  [alice, bob] = await Promise.all([createTestUser('edit-alice'), createTestUser('edit-bob')]);
  const token = async (user: TestUser) =>
    (await callWith(a, user.idToken, 'POST', API_PATHS.accessTokens, { name: 'ComfyUI', scopes: ['documents:read', 'documents:write'] })).body.data
      .token as string;
  [aliceToken, bobToken] = await Promise.all([token(alice), token(bob)]);
}, 120_000);
afterAll(() => instances?.close());

const open = async (frames: unknown[], extra: Record<string, unknown> = {}) => {
  const res = await callWith(a, aliceToken, 'POST', API_PATHS.editSessions, { pose_keypoint: frames, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; document_id: string; status: string; edit_url: string; expires_at: string };
};
const sessionUrl = (id: string, wait = 0) => `${apiPath(API_PATHS.editSession, { id })}?wait_s=${wait}`;

describe('edit sessions across two instances', () => {
  it('opens the frames as a document, and a long poll on the other instance hears the Send back with its version', async () => {
    const frames = randomFrames(random, 2 + Math.floor(random() * 5), 1 + Math.floor(random() * 3));
    const session = await open(frames, { name: 'Walk to fix', fps: 12 });
    expect(session.status).toBe('waiting');
    expect(new URL(session.edit_url).pathname + new URL(session.edit_url).search).toBe(`/edit?${EDIT_SESSION_LIMITS.queryParam}=${session.id}`);
    const doc = (await callWith(b, aliceToken, 'GET', apiPath(API_PATHS.document, { id: session.document_id }))).body.data;
    expect(doc).toMatchObject({ name: 'Walk to fix', version: 1 });
    expect(doc.content.sequence).toMatchObject({ fps: 12, length: frames.length });
    const poll = callWith(b, aliceToken, 'GET', sessionUrl(session.id, 20));
    // The designer saves over the version opened, then sends (with the browser's sign-in).
    const saved = await callWith(a, alice.idToken, 'PUT', apiPath(API_PATHS.document, { id: doc.id }), { content: doc.content, version: 1 });
    expect(saved.body.data.version).toBe(2);
    const sent = await callWith(a, alice.idToken, 'POST', apiPath(API_PATHS.editSessionSend, { id: session.id }));
    expect(sent.body.data).toMatchObject({ id: session.id, status: 'sent', version: 2 });
    expect((await poll).body.data).toMatchObject({ status: 'sent', version: 2, document_id: doc.id });
    // Finished once: neither sent nor cancelled again.
    const again = await callWith(b, aliceToken, 'POST', apiPath(API_PATHS.editSessionCancel, { id: session.id }));
    expect(again.status).toBe(409);
    expect(again.body.response_metadata?.error.description).toContain('already sent');
  });

  it('is cancelled by the run (a long poll hears it), and a token cannot send', async () => {
    const session = await open(randomFrames(random, 1, 2));
    expect((await callWith(b, aliceToken, 'GET', apiPath(API_PATHS.document, { id: session.document_id }))).body.data.content.sequence).toBeUndefined();
    expect((await callWith(b, aliceToken, 'POST', apiPath(API_PATHS.editSessionSend, { id: session.id }))).status).toBe(403);
    const poll = callWith(a, aliceToken, 'GET', sessionUrl(session.id, 20));
    expect((await callWith(b, aliceToken, 'POST', apiPath(API_PATHS.editSessionCancel, { id: session.id }))).body.data.status).toBe('cancelled');
    expect((await poll).body.data.status).toBe('cancelled');
    expect((await callWith(a, alice.idToken, 'POST', apiPath(API_PATHS.editSessionSend, { id: session.id }))).status).toBe(409);
  });

  it('expires past its time: polls answer expired, and it can no longer be sent', async () => {
    const session = await open(randomFrames(random, 3, 1), { timeout_s: EDIT_SESSION_LIMITS.timeoutMinS });
    await (await a.generation.open()).db.query("UPDATE edit_sessions SET expires_at = clock_timestamp() - interval '1 second' WHERE id = $1", [session.id]);
    expect((await callWith(b, aliceToken, 'GET', sessionUrl(session.id, 5))).body.data.status).toBe('expired');
    const send = await callWith(a, alice.idToken, 'POST', apiPath(API_PATHS.editSessionSend, { id: session.id }));
    expect(send.status).toBe(409);
  });

  it("keeps each user's sessions their own (404)", async () => {
    const session = await open(randomFrames(random, 2, 1));
    const calls = [
      await callWith(b, bobToken, 'GET', sessionUrl(session.id)),
      await callWith(b, bobToken, 'POST', apiPath(API_PATHS.editSessionCancel, { id: session.id })),
      await callWith(b, bob.idToken, 'POST', apiPath(API_PATHS.editSessionSend, { id: session.id })),
      await callWith(b, bobToken, 'GET', apiPath(API_PATHS.document, { id: session.document_id })),
    ];
    expect(calls.map((res) => res.status)).toEqual([404, 404, 404, 404]);
    expect((await callWith(a, aliceToken, 'GET', sessionUrl(session.id))).body.data.status).toBe('waiting');
  });

  it('answers bad input in the envelope, naming the bad frame', async () => {
    const frames = randomFrames(random, 3, 1);
    const cases: Array<[unknown, RegExp, number?]> = [
      [{ pose_keypoint: [] }, /pose_keypoint/],
      [{ pose_keypoint: randomFrames(random, EDIT_SESSION_LIMITS.maxFrames + 1, 1) }, /pose_keypoint/],
      [{ pose_keypoint: [frames[0], { people: 'none' }, frames[2]] }, /pose_keypoint\[1\]/],
      [{ pose_keypoint: frames, timeout_s: EDIT_SESSION_LIMITS.timeoutMinS - 1 }, /timeout_s/],
      [{ pose_keypoint: frames, fps: 0 }, /fps/],
      [{ frames }, /pose_keypoint/],
    ];
    for (const [body, message] of cases) {
      const res = await callWith(a, aliceToken, 'POST', API_PATHS.editSessions, body);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
      expect(res.body.response_metadata?.error.description).toMatch(message);
    }
    expect((await callWith(a, aliceToken, 'GET', `${apiPath(API_PATHS.editSession, { id: crypto.randomUUID() })}?wait_s=31`)).status).toBe(400);
    expect((await callWith(a, aliceToken, 'GET', sessionUrl(crypto.randomUUID()))).status).toBe(404);
  });
});
