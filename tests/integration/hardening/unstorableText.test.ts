import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPrefix } from '../../../server/storage/storageKeys';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir } from '../../support/generationApp';
import { fakeWebRoot, poseApi, saveBody } from '../library/posesSupport';

// Text Postgres cannot keep (NUL, a lone surrogate half) is refused with a 400 before anything is
// stored: no pose, no prompt, no thumbnail counted against the quota.

let app: FastifyInstance;
let dataDir: string;
let user: TestUser;

const usedBytes = async () => (await app.generation.open()).ledger.usedBytes(userPrefix(user.uid));
const userFiles = () => {
  const folder = path.join(dataDir, 'files', userPrefix(user.uid));
  return fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }).filter((entry) => fs.statSync(path.join(folder, String(entry))).isFile()) : [];
};

function expectRefusedText(res: { statusCode: number; json(): unknown }, field: string): void {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { code: number; response_metadata: { error: { description: string } } };
  expect(body.code).toBe(400);
  expect(body.response_metadata.error.description).toMatch(new RegExp(`^${field.replace(/[[\]]/g, '\\$&')}: the text holds a character that cannot be stored`));
}

beforeAll(async () => {
  dataDir = tempDataDir();
  app = await generationApp(dataDir, { env: { WEB_ROOT: fakeWebRoot() } });
  user = await createTestUser('nul');
}, 60_000);
afterAll(() => app.close());

describe('text the database cannot store', () => {
  it('refuses a pose whose name or tag holds NUL or a lone surrogate, ten times over, and stores nothing', async () => {
    const api = poseApi(app);
    for (let i = 0; i < 5; i++) expectRefusedText(await api.save(user, saveBody({ name: `Price\u0000${i}` })), 'name');
    for (let i = 0; i < 5; i++) expectRefusedText(await api.save(user, saveBody({ tags: ['ok', `half \uD800 ${i}`] })), 'tags[1]');
    expect((await api.list(user)).json().data.total).toBe(0);
    expect(await usedBytes()).toBe(0);
    expect(userFiles()).toEqual([]);
  });

  it('refuses a rename to a name with NUL and keeps the old name', async () => {
    const api = poseApi(app);
    const saved = await api.save(user, saveBody({ name: 'Kept' }));
    expect(saved.statusCode).toBe(200);
    const id = saved.json().data.id as string;
    expectRefusedText(await api.patch(user, id, { name: 'bad\u0000name' }), 'name');
    expect((await api.get(user, id)).json().data.name).toBe('Kept');
    expect((await api.remove(user, id)).statusCode).toBe(200);
  });

  it('refuses a search for NUL with a 400 (not a 500)', async () => {
    expectRefusedText(await poseApi(app).list(user, 'q=%00'), 'q');
    expectRefusedText(await poseApi(app).list(user, 'tag=a%00b'), 'tag');
  });

  it.each(['prompt', 'negative_prompt'])('refuses a prompt whose %s holds NUL, and queues nothing', async (field) => {
    const res = await app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(user), payload: promptBody({ [field]: 'a dancer\u0000' }) });
    expectRefusedText(res, field);
    const history = await app.inject({ method: 'GET', url: '/v1/history?page=1&page_size=5', headers: bearer(user) });
    expect(history.json().data.total).toBe(0);
  });
});
