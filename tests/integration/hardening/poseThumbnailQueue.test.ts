import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../support/emulator';
import { longLimbedCrowdJson } from '../../support/heavyPose';
import { libraryApp, poseApi, saveBody } from '../library/posesSupport';

// Saved poses' thumbnails are drawn in the render process, from a bounded queue taken in turns
// across users: one user's burst of heavy saves is partly refused (503, try again) instead of
// queueing without end, and another user's save is drawn in its turn, not behind the whole burst.

let app: FastifyInstance;

beforeAll(async () => {
  app = await libraryApp({ POSES_RATE_PER_MIN: '1000', USER_STORAGE_QUOTA_MB: '0' });
  // The render process started, so the first drawing does not wait for it.
  await (await app.generation.thumbnails()).idle();
}, 60_000);
afterAll(() => app.close());

describe("saved poses' thumbnails", () => {
  it("refuses one user's saves past their share of the drawing queue with 503, and draws another user's save in its turn", async () => {
    const [alice, bob] = await Promise.all([createTestUser('burst-saver'), createTestUser('one-saver')]);
    const api = poseApi(app);
    const crowd = saveBody({ name: 'Crowd', pose: longLimbedCrowdJson() });
    const finished: string[] = [];
    const burst = Array.from({ length: 30 }, (_, i) =>
      api.save(alice, crowd).then((res) => {
        finished.push(`alice-${i}`);
        return res;
      }),
    );
    // Bob's one save arrives once Alice's burst is queued.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const bobs = await api.save(bob, saveBody({ name: 'Mine', pose: longLimbedCrowdJson() }));
    finished.push('bob');
    expect(bobs.statusCode).toBe(200);
    const answers = await Promise.all(burst);
    const refused = answers.filter((res) => res.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].json().response_metadata.error.description).toBe('Too many pose thumbnails are being drawn right now; try saving again in a moment');
    expect(refused[0].headers['retry-after']).toBe('5');
    const saved = answers.filter((res) => res.statusCode === 200).length;
    expect(saved + refused.length).toBe(answers.length);
    // Bob was not served last: some of Alice's saves queued before his finished after it.
    expect(finished.indexOf('bob')).toBeLessThan(finished.length - 1);
    expect((await api.list(alice)).json().data.total).toBe(saved);
  }, 90_000);
});
