import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath, RENDER_LIMITS } from '../../../../src/api/contract';
import { renderControlImage } from '../../../../server/engines/controlImage';
import { importPoseSequence, poseAtFrame } from '../../../../src/pose/motion';
import { parsePoseJson, toOpenPoseJson } from '../../../../src/pose';
import { createTestUser, type TestUser } from '../../../support/emulator';
import { samplePose } from '../../../support/generationApp';
import { callWith, twoInstances, type TwoInstances } from '../../../support/integrationInstances';
import { readPngSize } from '../../../support/pngInfo';
import { randomFrames, seeded } from '../../../support/randomFrames';

// A document's render (POST /v1/documents/:id/render) on the instance that did not store it: every
// frame drawn by the editor's renderer, masks per person, POSE_KEYPOINT per frame; isolation, sizes
// and bad input in the envelope.

let instances: TwoInstances;
let a: FastifyInstance;
let b: FastifyInstance;
let alice: TestUser;
let bob: TestUser;
let reader: string;
let bobReader: string;
const seed = Date.now() % 2 ** 31;
const random = seeded(seed);

beforeAll(async () => {
  instances = await twoInstances('render');
  ({ a, b } = instances);
  [alice, bob] = await Promise.all([createTestUser('render-alice'), createTestUser('render-bob')]);
  const token = async (user: TestUser, scopes: string[]) =>
    (await callWith(a, user.idToken, 'POST', API_PATHS.accessTokens, { name: 'ComfyUI', scopes })).body.data.token as string;
  [reader, bobReader] = await Promise.all([token(alice, ['documents:read']), token(bob, ['documents:read'])]);
}, 120_000);
afterAll(() => instances?.close());

/** A document of Alice's made from frames, as an edit session makes it. */
async function documentOf(frames: unknown[]): Promise<string> {
  const res = await callWith(a, alice.idToken, 'POST', API_PATHS.documents, { name: 'Frames', content: sessionContent(frames) });
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body.data.id as string;
}
function sessionContent(frames: unknown[]) {
  const read = importPoseSequence(frames, 8);
  if (!read.ok) throw new Error(read.error.message);
  const pose = toOpenPoseJson(poseAtFrame(read.sequence, read.canvas, 0), { ids: true });
  return read.sequence.length > 1 ? { pose, sequence: read.sequence } : { pose };
}
const render = (token: string, id: string, body: unknown) => callWith(b, token, 'POST', apiPath(API_PATHS.documentRender, { id }), body);

describe(`a document's render across two instances (seed ${seed})`, () => {
  it('draws every frame as the editor does, with POSE_KEYPOINT, masks per person and the rate', async () => {
    const [count, people] = [2 + Math.floor(random() * 4), 1 + Math.floor(random() * 3)];
    const frames = randomFrames(random, count, people);
    const id = await documentOf(frames);
    const size = { width: 64 + Math.floor(random() * 300), height: 64 + Math.floor(random() * 300) };
    const res = await render(reader, id, { kind: 'openpose', profile: 'xinsir', masks: true, ...size });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ document_id: id, version: 1, ...size, fps: 8, frame_count: count });
    expect(data.people).toHaveLength(people);
    expect(data.images).toHaveLength(count);
    const read = importPoseSequence(frames, 8);
    if (!read.ok) throw new Error('unreadable frames');
    for (let f = 0; f < count; f++) {
      const parsed = parsePoseJson(toOpenPoseJson(poseAtFrame(read.sequence, read.canvas, f)));
      if (!parsed.ok) throw new Error(parsed.error.message);
      const frame = parsed.document;
      expect(Buffer.from(data.images[f], 'base64').equals(renderControlImage(frame, size.width, size.height, { kind: 'openpose', profile: 'xinsir' }))).toBe(
        true,
      );
      expect(data.masks[f].map((m: { figure_id: string }) => m.figure_id)).toEqual(data.people.map((p: { figure_id: string }) => p.figure_id));
      expect(readPngSize(Buffer.from(data.masks[f][0].png, 'base64'))).toEqual(size);
      const sent = (frames[f]!.people as Array<{ pose_keypoints_2d: number[] }>).map((p) => p.pose_keypoints_2d);
      const got = data.pose_keypoint[f].people.map((p: { pose_keypoints_2d: number[] }) => p.pose_keypoints_2d);
      got.forEach((points: number[], p: number) => points.forEach((v, i) => expect(v).toBeCloseTo(sent[p]![i]!, 6)));
    }
    expect(res.headers.etag).toContain(`${id}.1`);
  });

  it("draws depth and normal maps at the canvas size by default, one frame for a plain pose, with each person's prompt", async () => {
    const content = { ...sessionContent(randomFrames(random, 1, 2)), person_prompts: {} as Record<string, string> };
    const second = (content.pose.posecraft_figures?.people[1] as { id?: string } | undefined)?.id ?? '#1';
    content.person_prompts[second] = 'a tall guest in a green coat';
    const made = await callWith(a, alice.idToken, 'POST', API_PATHS.documents, { name: 'Two', content });
    const id = made.body.data.id as string;
    for (const kind of ['depth', 'normal']) {
      const res = await render(reader, id, { kind });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ frame_count: 1, width: 400, height: 600 });
      expect(readPngSize(Buffer.from(res.body.data.images[0], 'base64'))).toEqual({ width: 400, height: 600 });
      expect(res.body.data.masks).toBeUndefined();
      expect(res.body.data.people.map((p: { prompt: string }) => p.prompt)).toEqual(['', 'a tall guest in a green coat']);
      expect(res.body.data.people[1].figure_id).toBe(second);
    }
  });

  it("refuses another user's document (404), bad input and too many frames (400)", async () => {
    const id = await documentOf([samplePose()]);
    expect((await render(bobReader, id, { kind: 'openpose' })).status).toBe(404);
    const bad = [
      {},
      { kind: 'canny' },
      { kind: 'openpose', width: RENDER_LIMITS.sideMin - 1 },
      { kind: 'openpose', height: RENDER_LIMITS.sideMax + 1 },
      { kind: 'openpose', profile: 'sdxl?' },
      { kind: 'openpose', masks: 'yes' },
    ];
    for (const body of bad) {
      const res = await render(reader, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.response_metadata?.error.code_n).toBe(40001);
    }
    const long = await callWith(a, alice.idToken, 'POST', API_PATHS.documents, {
      name: 'Long',
      content: { ...sessionContent([samplePose()]), sequence: { ...sessionContent(randomFrames(random, 2, 1)).sequence, length: RENDER_LIMITS.maxFrames + 1 } },
    });
    const tooLong = await render(reader, long.body.data.id, { kind: 'openpose' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.response_metadata?.error.description).toContain(`at most ${RENDER_LIMITS.maxFrames}`);
    expect((await render(reader, 'not-an-id', { kind: 'openpose' })).status).toBe(400);
    // 41 frames of one person with masks at 2048 x 2048: 82 images, 344 megapixels.
    const many = await documentOf(randomFrames(random, 41, 1));
    const huge = await render(reader, many, { kind: 'depth', masks: true, width: RENDER_LIMITS.sideMax, height: RENDER_LIMITS.sideMax });
    expect(huge.status).toBe(400);
    expect(huge.body.response_metadata?.error.description).toContain(`at most ${RENDER_LIMITS.maxMegapixels}`);
  });
});
