import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoPoseStatus } from '../../../src/api/contract';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, waitFor } from '../../support/generationApp';
import { pannedPhotoVideo } from '../../support/pannedPhotoVideo';
import { estimatorApp } from '../estimator/estimatorApp';

// A short video of two real people through the real pose models: one figure per person in every frame.
let app: FastifyInstance;
let dana: TestUser;

beforeAll(async () => {
  app = await estimatorApp({});
  dana = await createTestUser('video-dana');
});
afterAll(() => app.close());

describe('a video of two people with the real models', () => {
  it('gives both players in every frame, each at one index, moving only a little between frames', async () => {
    const posted = await app.inject({
      method: 'POST',
      url: '/v1/video_pose?fps=8&hands=false&face=false',
      headers: { ...bearer(dana), 'content-type': 'video/mp4' },
      payload: pannedPhotoVideo(1),
    });
    expect(posted.statusCode).toBe(200);
    const id = posted.json().data.prompt_id as string;
    const status = await waitFor(
      async () => {
        const answer = (await app.inject({ method: 'GET', url: `/v1/video_pose?prompt_id=${id}`, headers: bearer(dana) })).json().data as VideoPoseStatus;
        return answer.status === 'done' || answer.status === 'failed' ? answer : undefined;
      },
      120_000,
      'the sequence',
    );
    expect(status.status).toBe('done');
    const result = status.result!;
    expect([result.canvas_width, result.canvas_height]).toEqual([600, 450]);
    expect(result.frames).toHaveLength(8);
    const necks = result.frames.map((frame) => frame.people.map((person) => person.pose_keypoints_2d.slice(3, 6)));
    for (const [f, people] of necks.entries()) {
      expect(people).toHaveLength(2);
      for (const [p, [x, y, seen]] of people.entries()) {
        expect(seen).toBeGreaterThan(0);
        // The window moves about 6 px a frame: the same person's neck stays close, the other's is far.
        if (f > 0) expect(Math.hypot(x - necks[f - 1][p][0], y - necks[f - 1][p][1])).toBeLessThan(40);
      }
    }
  }, 150_000);
});
