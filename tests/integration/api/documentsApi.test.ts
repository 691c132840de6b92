import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath, DOCUMENT_LIMITS } from '../../../src/api/contract';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, samplePose, tempDataDir } from '../../support/generationApp';
import { startInstance } from '../../support/instances';
import { startPostgres, type PostgresServer } from '../../support/postgresServer';

// The documents of an account (/v1/documents) on PGlite and on a Postgres server: each user's own,
// a quota of documents, sizes and bad input answered in the envelope, and versions that keep a save
// from an older version from overwriting a newer one.

const PER_USER = 3;
let postgres: PostgresServer;
const apps: Record<string, FastifyInstance> = {};
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  postgres = await startPostgres();
  const env = { DOCUMENTS_PER_USER_MAX: String(PER_USER) };
  apps.Postgres = await startInstance(tempDataDir(), 'pg', await postgres.createDatabase('documents'), { env, listen: false });
  apps.PGlite = await generationApp(tempDataDir(), { env });
  [alice, bob] = await Promise.all([createTestUser('documents-alice'), createTestUser('documents-bob')]);
}, 120_000);
afterAll(async () => {
  await Promise.allSettled(Object.values(apps).map((app) => app.close()));
  await postgres?.stop();
});

const content = (x = 0) => {
  const pose = samplePose();
  pose.people[0]!.pose_keypoints_2d = pose.people[0]!.pose_keypoints_2d.map((v, i) => (i % 3 === 0 ? v + x : v));
  return { pose, sequence: { fps: 16, length: 41, tracks: [] } };
};
const description = (res: { json(): { response_metadata: { error: { description: string } } } }) => res.json().response_metadata.error.description;

describe.each(['PGlite', 'Postgres'])('documents in the account on %s', (name) => {
  const app = () => apps[name]!;
  const call = (user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app().inject({ method, url, headers: { ...(user ? bearer(user) : {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const one = (id: string) => apiPath(API_PATHS.document, { id });
  const make = async (user: TestUser, docName: string) => {
    const res = await call(user, 'POST', API_PATHS.documents, { name: docName, content: content() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; version: number; name: string };
  };
  const removeAll = async (user: TestUser) => {
    const { items } = (await call(user, 'GET', API_PATHS.documents)).json().data as { items: Array<{ id: string }> };
    for (const { id } of items) await call(user, 'DELETE', one(id));
  };

  it('makes, lists, reads with its ETag, saves and deletes a document', async () => {
    const made = await make(alice, 'Courtyard scene');
    expect(made).toMatchObject({ name: 'Courtyard scene', version: 1 });
    const read = await call(alice, 'GET', one(made.id));
    expect(read.json().data.content).toEqual(content());
    const etag = read.headers.etag as string;
    expect((await call(alice, 'GET', one(made.id), undefined, { 'if-none-match': etag })).statusCode).toBe(304);

    const saved = await call(alice, 'PUT', one(made.id), { name: 'Courtyard, later', content: content(10), version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ version: 2, name: 'Courtyard, later', content: content(10) });
    expect(saved.headers.etag).not.toBe(etag);
    expect((await call(alice, 'GET', one(made.id), undefined, { 'if-none-match': etag })).statusCode).toBe(200);
    const list = (await call(alice, 'GET', API_PATHS.documents)).json().data;
    expect(list.items[0]).toMatchObject({ id: made.id, name: 'Courtyard, later', version: 2 });
    expect(list.items[0].content).toBeUndefined();

    expect((await call(alice, 'DELETE', one(made.id))).json()).toEqual({ code: 200, data: { id: made.id } });
    expect((await call(alice, 'GET', one(made.id))).statusCode).toBe(404);
  });

  it('refuses a save made from an older version with 409 and a clear message, and keeps the newer one', async () => {
    const { id } = await make(alice, 'Two tabs');
    // Both tabs opened version 1; the first saves, the second comes later.
    expect((await call(alice, 'PUT', one(id), { content: content(5), version: 1 })).statusCode).toBe(200);
    const late = await call(alice, 'PUT', one(id), { content: content(-5), version: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().response_metadata.error.code_n).toBe(40901);
    expect(description(late)).toMatch(/saved elsewhere.*made from version 1, the account holds version 2\. Nothing was overwritten/);
    expect((await call(alice, 'GET', one(id))).json().data).toMatchObject({ version: 2, content: content(5) });
    // Two saves from one version at once: exactly one lands.
    const racing = await Promise.all([3, 4].map((x) => call(alice, 'PUT', one(id), { content: content(x), version: 2 })));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await removeAll(alice);
  });

  it("answers another user's document with 404 whatever they ask, and lists only the caller's", async () => {
    const { id } = await make(alice, 'Private');
    for (const [method, payload] of [['GET'], ['PUT', { content: content(), version: 1 }], ['DELETE']] as const) {
      const res = await call(bob, method, one(id), payload);
      expect(res.statusCode, method).toBe(404);
      expect(description(res)).toBe(`No document ${id} in your account`);
    }
    expect((await call(bob, 'GET', API_PATHS.documents)).json().data).toMatchObject({ items: [], total: 0 });
    expect((await call(undefined, 'GET', one(id))).statusCode).toBe(401);
    expect((await call(alice, 'GET', one(id))).json().data.version).toBe(1);
    await removeAll(alice);
  });

  it('keeps at most the quota of documents a user, and answers sizes and bad input in the envelope', async () => {
    for (let i = 0; i < PER_USER; i++) await make(bob, `Draft ${i}`);
    const full = await call(bob, 'POST', API_PATHS.documents, { name: 'One too many', content: content() });
    expect(full.statusCode).toBe(507);
    expect(description(full)).toMatch(new RegExp(`holds ${PER_USER} documents, the most allowed`));
    await removeAll(bob);

    const bad = [
      [{ name: '', content: content() }, /name/],
      [{ name: 'x'.repeat(DOCUMENT_LIMITS.nameLength + 1), content: content() }, /name/],
      [{ name: 'No pose', content: { sequence: {} } }, /content\.pose/],
      [{ name: 'Bad pose', content: { pose: { people: 'many' } } }, /content\.pose/],
    ] as const;
    for (const [body, field] of bad) {
      const res = await call(alice, 'POST', API_PATHS.documents, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(description(res)).toMatch(field);
    }
    expect((await call(alice, 'GET', one('not-a-uuid'))).statusCode).toBe(400);
    expect((await call(alice, 'PUT', one('00000000-0000-4000-8000-000000000000'), { content: content() })).statusCode).toBe(400);
    const huge = { name: 'Huge', content: { ...content(), sequence: 'x'.repeat(DOCUMENT_LIMITS.bodyBytes) } };
    const tooLarge = await call(alice, 'POST', API_PATHS.documents, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().response_metadata.error.code_n).toBe(41301);
    expect((await call(alice, 'GET', API_PATHS.documents)).json().data.total).toBe(0);
  });
});
