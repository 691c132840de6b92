import fs from 'node:fs';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../../src/api/schemas';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, waitFor, walkingPoses } from '../../support/generationApp';
import { probeVideo } from '../../support/testVideos';
import { openEvents, updateOf, type EventsConnection } from '../../support/promptEventsClient';

// One real server (mannequin engine, its worker running, Debian's ffmpeg) and Auth Emulator users.

let app: FastifyInstance;
let base: string;
let alice: TestUser;
let bob: TestUser;
const open: EventsConnection[] = [];

const submit = async (user: TestUser, overrides: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(user), payload: promptBody({ gNumber: 1, ...overrides }) });

const historyOf = async (user: TestUser, promptId: string) => app.inject({ method: 'GET', url: `/v1/history?prompt_id=${promptId}`, headers: bearer(user) });

const itemOf = async (user: TestUser, promptId: string): Promise<HistoryItem> => (await historyOf(user, promptId)).json().data.items[0] as HistoryItem;

// The renderer's frames folders (a video read into poses, tested beside this file, keeps its own).
const videoFolders = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('posecraft-frames-'));

beforeAll(async () => {
  app = await generationApp(tempDataDir(), { workers: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  [alice, bob] = await Promise.all([createTestUser('video-alice'), createTestUser('video-bob')]);
}, 60_000);
afterAll(async () => {
  for (const connection of open) connection.ws.close();
  await app.close();
});

describe('a pose sequence rendered to a video by the mannequin engine', () => {
  it('makes one H.264 MP4 of every frame at the frame rate, reports progress a frame at a time, and shows it to its owner only', async () => {
    const events = openEvents(base, alice.idToken);
    open.push(events);
    await events.next((m) => m.type === 'events.ready');
    const res = await submit(alice, { width: 320, height: 240, frames: walkingPoses(3), fps: 12 });
    expect(res.statusCode).toBe(200);
    const promptId = res.json().data.prompt_id as string;
    await events.next(updateOf(promptId, 'done'), 60_000);

    const progress = events.messages.flatMap((m) => (m.type === 'prompt.progress' && m.prompt_id === promptId ? [m.data.progress] : []));
    const frameSteps = [1, 2, 3].map((k) => Math.round(((0.95 * k) / 3) * 1000) / 1000);
    expect(progress.length).toBeGreaterThan(0);
    for (const value of progress) expect(frameSteps).toContain(value);

    const item = await itemOf(alice, promptId);
    expect(item.settings).toMatchObject({ frames: 3, fps: 12 });
    expect(item.images).toHaveLength(1);
    const [video] = item.images;
    expect(video).toMatchObject({ content_type: 'video/mp4', width: 320, height: 240, engine: 'mannequin' });
    const download = await fetch(new URL(video!.url, base));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('video/mp4');
    expect(probeVideo(Buffer.from(await download.arrayBuffer()))).toMatchObject({
      nb_read_frames: '3',
      width: 320,
      height: 240,
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      avg_frame_rate: '12/1',
    });

    // Bob can neither read nor stop Alice's video prompt.
    expect((await historyOf(bob, promptId)).statusCode).toBe(404);
    const stop = await app.inject({ method: 'POST', url: '/v1/stop_prompt', headers: bearer(bob), payload: { prompt_id: promptId } });
    expect(stop.statusCode).toBe(404);
  });

  it('stops between frames when asked: the prompt ends stopped, without a video or frames left behind', async () => {
    const events = openEvents(base, alice.idToken);
    open.push(events);
    await events.next((m) => m.type === 'events.ready');
    const res = await submit(alice, { width: 640, height: 640, frames: walkingPoses(120) });
    const promptId = res.json().data.prompt_id as string;
    await events.next((m) => m.type === 'prompt.progress' && m.prompt_id === promptId, 60_000);
    const stop = await app.inject({ method: 'POST', url: '/v1/stop_prompt', headers: bearer(alice), payload: { prompt_id: promptId } });
    expect(stop.statusCode).toBe(200);
    const item = await waitFor(async () => {
      const current = await itemOf(alice, promptId);
      return current.status === 'stopped' && current;
    });
    expect(item.progress).toBeLessThan(0.95);
    expect(item.images).toEqual([]);
    await waitFor(async () => videoFolders().length === 0, 5000, 'the frames folder removed');
  });

  it('refuses frames on different canvases, too many frames and a frame rate out of range, naming the field', async () => {
    const [first, second] = walkingPoses(2);
    const mixed = await submit(alice, { frames: [first, { ...second, canvas_width: 999 }] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().response_metadata.error.description).toMatch(/frames\.1: has another canvas size/);
    const long = await submit(alice, { frames: Array.from({ length: 162 }, () => first) });
    expect(long.statusCode).toBe(400);
    expect(long.json().response_metadata.error.description).toMatch(/frames: must be at most 161/);
    const fast = await submit(alice, { frames: [first], fps: 61 });
    expect(fast.statusCode).toBe(400);
    expect(fast.json().response_metadata.error.description).toMatch(/fps: must be at most 60/);
  });
});
