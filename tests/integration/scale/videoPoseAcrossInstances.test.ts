import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTARTED } from '../../../server/video/videoPoseStore';
import type { VideoPoseMessage } from '../../../src/api/contract';
import { BoxEstimator } from '../../support/boxEstimator';
import { createTestUser, type TestUser } from '../../support/emulator';
import { waitFor } from '../../support/generationApp';
import { callAs, estimatorSocketOn, startInstance } from '../../support/instances';
import { startPostgres, type PostgresServer } from '../../support/postgresServer';
import { twoBoxesVideo } from '../../support/testVideos';

// Two API instances on one Postgres server: a video sent to A is run by A, and B reads it, stops
// it and tells the owner's socket; what A ran outlives A.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-video-instances-'));
let postgres: PostgresServer;
let databaseUrl: string;
let a: FastifyInstance;
let b: FastifyInstance;
let alice: TestUser;
let bob: TestUser;
/** A's estimator takes 150 ms a frame, so a 2 s video runs for seconds. */
const slow = new BoxEstimator(150);

const instance = (name: 'a' | 'b') => startInstance(root, name, databaseUrl, { estimator: name === 'a' ? slow : new BoxEstimator() });

const postVideo = (app: FastifyInstance, user: TestUser, video: Buffer, query = '') =>
  callAs(app, user, `/v1/video_pose${query}`, { method: 'POST', headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(video) });
const statusOn = async (app: FastifyInstance, user: TestUser, id: string) => callAs(app, user, `/v1/video_pose?prompt_id=${id}`);

const socketOn = (app: FastifyInstance, user: TestUser) => estimatorSocketOn<VideoPoseMessage>(app, user);

beforeAll(async () => {
  postgres = await startPostgres();
  databaseUrl = await postgres.createDatabase('videos');
  [alice, bob] = await Promise.all([createTestUser('video-instances-alice'), createTestUser('video-instances-bob')]);
  a = await instance('a');
  b = await instance('b');
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([a?.close(), b?.close()]);
  await postgres?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('videos turned into poses with several instances on one Postgres server', () => {
  it('runs a video sent to A; B tells its socket, answers GET, stops it, and refuses it to others; it stays stopped after A restarts', async () => {
    const socket = await socketOn(b, alice);
    const posted = await postVideo(a, alice, twoBoxesVideo(2));
    expect(posted.status).toBe(200);
    const id = posted.body.data.prompt_id as string;
    await waitFor(
      async () => socket.messages.find((m) => m.prompt_id === id && m.type === 'video_pose.progress' && m.data.stage === 'estimating' && m.data.frame >= 2),
      30_000,
      "A's progress on B's socket",
    );
    expect((await statusOn(b, alice, id)).body.data).toMatchObject({ status: 'running', progress: { stage: 'estimating' } });
    expect((await statusOn(b, bob, id)).status).toBe(404);
    // One video a user across instances.
    expect((await postVideo(b, alice, twoBoxesVideo(1), '?fps=2')).status).toBe(429);

    expect(
      (
        await callAs(b, bob, '/v1/video_pose/stop', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prompt_id: id }),
        })
      ).status,
    ).toBe(404);
    const stop = await callAs(b, alice, '/v1/video_pose/stop', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt_id: id }),
    });
    expect(stop.body.data.status).toBe('stopped');
    await waitFor(async () => socket.messages.find((m) => m.prompt_id === id && m.type === 'video_pose.stopped'), 5000, 'the stop on the socket');
    // A stops estimating its frames.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const calls = slow.calls;
    expect(calls).toBeLessThan(32);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(slow.calls).toBe(calls);
    socket.ws.close();

    await a.close();
    a = await instance('a');
    expect((await statusOn(a, alice, id)).body.data).toMatchObject({ prompt_id: id, status: 'stopped', result: null });
  }, 90_000);

  it('answers on B a video A finished, and one A was running when it closed as failed because the server restarted', async () => {
    const short = await postVideo(a, alice, twoBoxesVideo(1), '?fps=2');
    const shortId = short.body.data.prompt_id as string;
    const done = await waitFor(
      async () => {
        const answer = (await statusOn(b, alice, shortId)).body.data;
        return answer.status === 'done' ? answer : undefined;
      },
      30_000,
      "A's short video, read on B",
    );
    expect(done.result.frames).toHaveLength(2);

    const long = await postVideo(a, alice, twoBoxesVideo(2));
    const longId = long.body.data.prompt_id as string;
    await waitFor(async () => (await statusOn(b, alice, longId)).body.data.status === 'running', 30_000, 'the long video running on A');
    await a.close();
    expect((await statusOn(b, alice, longId)).body.data).toMatchObject({ status: 'failed', error: RESTARTED });
    // The user may send another at once.
    const again = await postVideo(b, alice, twoBoxesVideo(1), '?fps=2');
    expect(again.status).toBe(200);
    a = await instance('a');
  }, 90_000);
});
