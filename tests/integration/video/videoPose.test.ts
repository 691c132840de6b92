import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoPoseMessage, VideoPoseResult } from '../../../src/api/contract';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, waitFor } from '../../support/generationApp';
import { BoxEstimator } from '../../support/boxEstimator';
import { makeVideo, twoBoxesVideo } from '../../support/testVideos';
import { estimatorApp } from '../estimator/estimatorApp';

// The video route with a stand-in estimator that finds two coloured boxes in each real decoded frame
// (and lists them in a changing order): ffmpeg, the limits, tracking, progress, stop and ownership.

let alice: TestUser;
let bob: TestUser;
const twoSeconds = twoBoxesVideo(2);

beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser('video-alice'), createTestUser('video-bob')]);
});

/** Opens the estimator socket of a user on an app, collecting the video messages it receives. */
async function videoMessages(app: FastifyInstance, user: TestUser) {
  const messages: VideoPoseMessage[] = [];
  const socket = await app.injectWS(
    `/ws_estimator?access_token=${user.idToken}`,
    {},
    {
      onInit: (ws) => ws.on('message', (data) => messages.push(JSON.parse(data.toString()))),
    },
  );
  return { messages, close: () => socket.close() };
}

const postVideo = (app: FastifyInstance, user: TestUser, body: Buffer, query = '', type = 'video/mp4') =>
  app.inject({ method: 'POST', url: `/v1/video_pose${query}`, headers: { ...bearer(user), 'content-type': type }, payload: body });

const neckX = (result: VideoPoseResult, frame: number, person: number) => result.frames[frame].people[person].pose_keypoints_2d[3];

describe('turning a video into a pose sequence', () => {
  let app: FastifyInstance;
  const estimator = new BoxEstimator();
  beforeAll(async () => {
    app = await estimatorApp({}, estimator);
    await app.ready(); // injectWS, unlike inject, does not wait for the routes to be ready
  });
  afterAll(() => app.close());

  it('estimates every sampled frame, reports each, and keeps each box at one index', async () => {
    const socket = await videoMessages(app, alice);
    const posted = await postVideo(app, alice, twoSeconds);
    expect(posted.statusCode).toBe(200);
    const { prompt_id, frames } = posted.json().data;
    expect(frames).toBe(32); // 2 s at the default 16 frames a second
    const done = await waitFor(async () => socket.messages.find((m) => m.type !== 'video_pose.progress'), 30_000, 'the sequence');
    socket.close();
    expect(done.type).toBe('video_pose.result');
    if (done.type !== 'video_pose.result') return;
    const estimated = socket.messages.flatMap((m) => (m.type === 'video_pose.progress' && m.data.stage === 'estimating' ? [m.data.frame] : []));
    expect(estimated).toEqual(Array.from({ length: done.data.frames.length }, (_, i) => i + 1));
    const result = done.data;
    expect([result.canvas_width, result.canvas_height, result.fps]).toEqual([320, 240, 16]);
    expect(result.frames).toHaveLength(32);
    for (const [f, frame] of result.frames.entries()) {
      expect(frame.people).toHaveLength(2);
      // The red box starts left and walks right; the blue one the other way: index 0 stays red.
      expect(neckX(result, f, 0)).toBeLessThan(neckX(result, f, 1));
      if (f > 0) expect(neckX(result, f, 0)).toBeGreaterThan(neckX(result, f - 1, 0));
    }
    const status = await app.inject({ method: 'GET', url: `/v1/video_pose?prompt_id=${prompt_id}`, headers: bearer(alice) });
    expect(status.json().data).toMatchObject({ status: 'done', result: { fps: 16 } });
  }, 60_000);

  it('reads WebM too, at the frame rate asked', async () => {
    const posted = await postVideo(app, alice, twoBoxesVideo(1, 'webm'), '?fps=8&hands=false', 'video/webm');
    expect(posted.statusCode).toBe(200);
    expect(posted.json().data.frames).toBe(8); // 1 s at 8 frames a second
    const id = posted.json().data.prompt_id;
    const status = await waitFor(
      async () => {
        const answer = (await app.inject({ method: 'GET', url: `/v1/video_pose?prompt_id=${id}`, headers: bearer(alice) })).json().data;
        return answer.status === 'done' ? answer : undefined;
      },
      30_000,
      'the WebM sequence',
    );
    expect(status.result.frames).toHaveLength(8);
  }, 60_000);

  it('decodes only the video track it checked: a small track beside a huge one is read at the small size', async () => {
    // A 64 x 64 H.264 track first (what ffprobe checks), then a 25-megapixel MJPEG one (ffmpeg's own pick: the largest).
    const twoTracks = makeVideo('two-tracks.mp4', [
      ...['-f', 'lavfi', '-i', 'color=c=white:s=64x64:d=1:r=4', '-f', 'lavfi', '-i', 'color=c=gray:s=5000x5000:d=1:r=4'],
      ...['-map', '0', '-map', '1', '-c:v:0', 'libx264', '-c:v:1', 'mjpeg', '-q:v:1', '31'],
    ]);
    const posted = await postVideo(app, alice, twoTracks, '?fps=2');
    expect(posted.json().data).toMatchObject({ width: 64, height: 64, frames: 2 });
    const id = posted.json().data.prompt_id;
    const status = await waitFor(
      async () => {
        const answer = (await app.inject({ method: 'GET', url: `/v1/video_pose?prompt_id=${id}`, headers: bearer(alice) })).json().data;
        return answer.status === 'queued' || answer.status === 'running' ? undefined : answer;
      },
      30_000,
      'the two-track sequence',
    );
    expect(status).toMatchObject({ status: 'done', result: { canvas_width: 64, canvas_height: 64 } });
  }, 60_000);

  it('shows and stops a video only for its owner, and refuses callers without a token', async () => {
    const posted = await postVideo(app, alice, twoSeconds);
    const id = posted.json().data.prompt_id;
    const peek = await app.inject({ method: 'GET', url: `/v1/video_pose?prompt_id=${id}`, headers: bearer(bob) });
    expect(peek.statusCode).toBe(404);
    const stop = await app.inject({ method: 'POST', url: '/v1/video_pose/stop', headers: bearer(bob), payload: { prompt_id: id } });
    expect(stop.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'POST', url: '/v1/video_pose', headers: { 'content-type': 'video/mp4' }, payload: twoSeconds });
    expect(anonymous.statusCode).toBe(401);
    await waitFor(
      async () => {
        const answer = (await app.inject({ method: 'GET', url: `/v1/video_pose?prompt_id=${id}`, headers: bearer(alice) })).json().data;
        return answer.status === 'done' ? answer : undefined;
      },
      30_000,
      "alice's sequence",
    );
  }, 60_000);
});

describe('stopping a video', () => {
  let app: FastifyInstance;
  const slow = new BoxEstimator(100);
  beforeAll(async () => {
    app = await estimatorApp({}, slow);
    await app.ready();
  });
  afterAll(() => app.close());

  it('stops between frames, says so on the socket and by GET, and estimates no more frames', async () => {
    const socket = await videoMessages(app, alice);
    const id = (await postVideo(app, alice, twoSeconds)).json().data.prompt_id;
    await waitFor(
      async () => socket.messages.find((m) => m.type === 'video_pose.progress' && m.data.stage === 'estimating' && m.data.frame >= 2),
      30_000,
      'two frames',
    );
    const second = await postVideo(app, alice, twoSeconds);
    expect([second.statusCode, second.json().response_metadata.error.description]).toEqual([
      429,
      'You already have a video being turned into poses; wait for it or stop it',
    ]);
    const stop = await app.inject({ method: 'POST', url: '/v1/video_pose/stop', headers: bearer(alice), payload: { prompt_id: id } });
    expect(stop.json().data.status).toBe('stopped');
    await waitFor(async () => socket.messages.find((m) => m.type === 'video_pose.stopped'), 5000, 'the stopped message');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const calls = slow.calls;
    expect(calls).toBeLessThan(10);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(slow.calls).toBe(calls);
    const status = await app.inject({ method: 'GET', url: `/v1/video_pose?prompt_id=${id}`, headers: bearer(alice) });
    expect(status.json().data).toMatchObject({ status: 'stopped', result: null });
    socket.close();
    // A stopped video frees the user's place: the next one is taken.
    expect((await postVideo(app, alice, twoBoxesVideo(1), '?fps=2')).statusCode).toBe(200);
  }, 60_000);
});
