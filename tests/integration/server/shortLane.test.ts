import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, waitFor, walkingPoses } from '../../support/generationApp';

// The mannequin engine with one worker and its lane for short jobs: a user's image is drawn while
// three other users' long videos wait or run, not after them.

let app: FastifyInstance;
let users: TestUser[];

beforeAll(async () => {
  app = await generationApp(tempDataDir(), { workers: true, env: { JOB_WORKERS: '1' } });
  users = await Promise.all(['lane-a', 'lane-b', 'lane-c', 'lane-d'].map((name) => createTestUser(name)));
}, 60_000);
afterAll(() => app.close());

const submit = async (user: TestUser, overrides: Record<string, unknown>) => {
  const res = await app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(user), payload: promptBody({ gNumber: 1, ...overrides }) });
  expect(res.statusCode).toBe(200);
  return res.json().data.prompt_id as string;
};
const statusOf = async (user: TestUser, id: string) =>
  (await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${id}`, headers: bearer(user) })).json().data.items[0].status as string;

describe('a short image beside long videos', () => {
  it("is drawn before three other users' long videos are done", async () => {
    const [a, b, c, d] = users;
    // 30 frames of 640 x 360: each video costs 13.8 figure-megapixels, past the short lane's 10.
    const videos = await Promise.all([a, b, c].map(async (user) => [user, await submit(user, { width: 640, height: 360, frames: walkingPoses(30) })] as const));
    const image = await submit(d, { width: 400, height: 300 });
    await waitFor(async () => (await statusOf(d, image)) === 'done', 60_000, 'the image');
    const videosDone = (await Promise.all(videos.map(([user, id]) => statusOf(user, id)))).filter((status) => status === 'done');
    expect(videosDone.length).toBeLessThanOrEqual(1);
    // The videos still get done, on the one worker that takes them.
    await waitFor(async () => (await Promise.all(videos.map(([user, id]) => statusOf(user, id)))).every((s) => s === 'done'), 120_000, 'the videos');
  }, 180_000);
});
