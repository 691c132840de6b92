import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPrefix } from '../../../server/storage/storageKeys';
import { createTestUser, type TestUser } from '../../support/emulator';
import { longLimbedCrowdJson } from '../../support/heavyPose';
import { libraryApp, poseApi, saveBody } from '../library/posesSupport';

// Saved poses count against the storage quota (their rows and thumbnails), and one user keeps at
// most POSES_PER_USER_MAX of them; a refused save stores nothing.

type Reply = { statusCode: number; json(): { data?: any; response_metadata?: { error: { code_n: number; description: string } } } };
const refusal = (res: Reply) => [res.statusCode, res.json().response_metadata?.error.code_n, res.json().response_metadata?.error.description];
const QUOTA_MB = 2;
const MAX_POSES = 5;

let app: FastifyInstance;
let api: ReturnType<typeof poseApi>;
const usedBytes = async (user: TestUser) => (await app.generation.open()).ledger.usedBytes(userPrefix(user.uid));

beforeAll(async () => {
  app = await libraryApp({ USER_STORAGE_QUOTA_MB: String(QUOTA_MB), POSES_PER_USER_MAX: String(MAX_POSES), POSES_RATE_PER_MIN: '1000' });
  api = poseApi(app);
}, 60_000);
afterAll(() => app.close());

describe('saved poses and the storage quota', () => {
  it('refuses with 507 naming saved poses the save that would pass the quota, and keeps usage within it', async () => {
    const user = await createTestUser('pose-quota');
    const crowd = saveBody({ name: 'Crowd', pose: longLimbedCrowdJson() });
    const answers: Reply[] = [];
    for (let i = 0; i < 6; i++) answers.push(await api.save(user, crowd));
    const saved = answers.filter((res) => res.statusCode === 200).length;
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThan(answers.length);
    const [status, code, description] = refusal(answers.find((res) => res.statusCode !== 200)!);
    expect([status, code]).toEqual([507, 50701]);
    const size = String.raw`(\d+ KB|\d+\.\d MB)`;
    expect(description).toMatch(
      new RegExp(
        `^Your storage is full: you use ${size} of your 2\\.0 MB \\(saved poses ${size}\\), and this pose needs ${size}\\. Delete saved poses you no longer need from your library to free space\\.$`,
      ),
    );
    const quotaBytes = Math.round(QUOTA_MB * 1024 * 1024);
    expect(await usedBytes(user)).toBeLessThanOrEqual(quotaBytes);
    expect((await api.list(user)).json().data.total).toBe(saved);

    // Deleting the poses gives every byte back.
    for (const item of (await api.list(user)).json().data.items) expect((await api.remove(user, item.id)).statusCode).toBe(200);
    expect(await usedBytes(user)).toBe(0);
  });

  it(`refuses the save past ${MAX_POSES} poses with 507, storing nothing, and takes one again after a delete`, async () => {
    const user = await createTestUser('pose-count');
    const ids: string[] = [];
    for (let i = 0; i < MAX_POSES; i++) {
      const res = await api.save(user, saveBody({ name: `Pose ${i}` }));
      expect(res.statusCode).toBe(200);
      ids.push(res.json().data.id);
    }
    const before = await usedBytes(user);
    expect(refusal(await api.save(user, saveBody({ name: 'One too many' })))).toEqual([
      507,
      50701,
      `Your pose library is full: it holds ${MAX_POSES} saved poses, the most allowed. Delete saved poses you no longer need from your library to save new ones.`,
    ]);
    expect(await usedBytes(user)).toBe(before);
    expect((await api.list(user)).json().data.total).toBe(MAX_POSES);
    expect((await api.remove(user, ids[0])).statusCode).toBe(200);
    expect((await api.save(user, saveBody({ name: 'Room again' }))).statusCode).toBe(200);
  });
});
