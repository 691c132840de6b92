import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, tempDataDir } from '../../support/generationApp';
import { longLimbedCrowdJson } from '../../support/heavyPose';

// 50 stored prompts of 100 people each made a 25.7 MB history answer; lists now carry a
// thumbnail of the pose (a signed URL of its file), and the pose only for one prompt_id.

const PROMPTS = 50;
let app: FastifyInstance;
let user: TestUser;

beforeAll(async () => {
  app = await generationApp(tempDataDir(), { jobs: { maxActivePerUser: PROMPTS }, env: { PROMPT_RATE_PER_MIN: '1000' } });
  user = await createTestUser('crowds');
  const pose = longLimbedCrowdJson(512);
  for (let i = 0; i < PROMPTS; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/query_prompt',
      headers: bearer(user),
      payload: { prompt: `crowd ${i}`, width: 64, height: 64, gNumber: 1, pose },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await (await app.generation.thumbnails()).idle();
}, 120_000);
afterAll(() => app.close());

describe('history of 100-person prompts', () => {
  it(`answers a list of ${PROMPTS} prompts in under 1 MB, each with its thumbnail and without its pose`, async () => {
    const res = await app.inject({ method: 'GET', url: `/v1/history?page_size=100`, headers: bearer(user) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024 * 1024);
    const { items } = res.json().data;
    expect(items).toHaveLength(PROMPTS);
    for (const item of items) {
      expect(item.pose).toBeNull();
      expect(item.pose_thumbnail).toMatch(/^\/files\/users\/.+\/thumbnail\.png\?expires=\d+&sig=/);
    }
    const one = await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${items[0].prompt_id}`, headers: bearer(user) });
    expect(one.json().data.items[0].pose.people).toHaveLength(100);
  });
});
