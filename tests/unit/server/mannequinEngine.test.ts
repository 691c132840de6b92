import { describe, expect, it } from 'vitest';
import { renderControlImage } from '../../../server/engines/controlImage';
import type { EngineJob } from '../../../server/engines/engine';
import { createMannequinEngine } from '../../../server/engines/mannequin/mannequinEngine';
import { ffmpegPrograms } from '../../../server/video/videoConfig';
import { decodePng } from '../../../server/engines/png/decodePng';
import { JobAbort } from '../../../server/jobs/jobAbort';
import {
  attachDefaultHand,
  createDefaultAnimal,
  createDefaultPoseDocument,
  createEmptyDocument,
  parsePoseJson,
  rasterizeOpenPose,
  setPersonTurn,
  toOpenPoseJson,
} from '../../../src/pose/index';
import { samplePose } from '../../support/generationApp';
import { readPngSize } from '../../support/pngInfo';
import { renderInline } from '../../support/inlineRender';

const pose = (parsePoseJson(samplePose()) as { ok: true; document: EngineJob['pose'] }).document;
const job = (over: Partial<EngineJob> = {}): EngineJob => ({
  id: 'j',
  prompt: 'p',
  negativePrompt: '',
  width: 333,
  height: 201,
  gNumber: 3,
  seed: 9,
  pose,
  poseJson: toOpenPoseJson(over.pose ?? pose),
  ...over,
});
const run = (j: EngineJob, progress: number[] = [], signal = new AbortController().signal) =>
  createMannequinEngine(ffmpegPrograms({})).run(j, { onProgress: (f) => progress.push(f), signal, render: renderInline });

const pixels = async (png: Buffer) => decodePng(png).data;

describe('the mannequin engine', () => {
  it('makes gNumber PNGs of exactly the size asked, different from each other, with progress', async () => {
    const progress: number[] = [];
    const images = await run(job(), progress);
    expect(images).toHaveLength(3);
    for (const image of images) expect(readPngSize(image.png)).toEqual({ width: 333, height: 201 });
    expect(new Set(images.map((i) => i.png.toString('base64'))).size).toBe(3);
    expect(progress).toEqual([1 / 3, 2 / 3, 1]);
  });

  it('draws the same images for the same seed and others for another seed', async () => {
    const [a] = await run(job({ gNumber: 1 }));
    const [b] = await run(job({ gNumber: 1 }));
    const [c] = await run(job({ gNumber: 1, seed: 10 }));
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.png.equals(c.png)).toBe(false);
  });

  it('draws the figure where the pose is: the neck pixel is the figure, a far corner the studio', async () => {
    const [image] = await run(job({ width: 400, height: 600, gNumber: 1 }));
    const [empty] = await run(job({ width: 400, height: 600, gNumber: 1, pose: createEmptyDocument(400, 600) }));
    const [withFigure, without] = [await pixels(image.png), await pixels(empty.png)];
    const at = (x: number, y: number) => (Math.round(y) * 400 + Math.round(x)) * 4;
    const neck = pose.people[0].body[1];
    expect(withFigure.slice(at(neck.x, neck.y), at(neck.x, neck.y) + 3)).not.toEqual(without.slice(at(neck.x, neck.y), at(neck.x, neck.y) + 3));
    expect(withFigure.slice(at(2, 2), at(2, 2) + 3)).toEqual(without.slice(at(2, 2), at(2, 2) + 3));
  });

  it('draws animals, and an empty pose as an empty studio', async () => {
    const animal = { ...createEmptyDocument(800, 450), animals: [createDefaultAnimal({ centre: { x: 400, y: 250 }, height: 250 })] };
    expect(await run(job({ pose: animal, gNumber: 1 }))).toHaveLength(1);
    expect(await run(job({ pose: createEmptyDocument(), gNumber: 1 }))).toHaveLength(1);
  });

  // Within 0.5% of the depth map's body pixels; outside the figure only the floor shadows change the studio.
  it("draws the depth map's 3D body: its figure pixels are the depth map's body pixels", async () => {
    const doc = createDefaultPoseDocument(400, 600);
    doc.people[0] = setPersonTurn(attachDefaultHand(attachDefaultHand(doc.people[0]!, 'left'), 'right'), { yaw: 35, pitch: 10 });
    doc.animals.push(createDefaultAnimal({ centre: { x: 300, y: 520 }, height: 90 }));
    const sized = { width: 400, height: 600, gNumber: 1, seed: 4 };
    const [[figure], [studio]] = await Promise.all([run(job({ ...sized, pose: doc })), run(job({ ...sized, pose: createEmptyDocument(400, 600) }))]);
    const [withFigure, without] = [await pixels(figure.png), await pixels(studio.png)];
    const depth = decodePng(renderControlImage(doc, 400, 600, { kind: 'depth' })).data;
    const lowest = [...doc.people.map((p) => p.body), ...doc.animals.map((a) => a.keypoints)].map((points) =>
      Math.max(...points.filter((k) => k.visible).map((k) => k.y)),
    );
    let [body, missed, strayOutsideShadows] = [0, 0, 0];
    for (let i = 0; i < 400 * 600; i++) {
      const changed = [0, 1, 2].some((c) => withFigure[i * 4 + c] !== without[i * 4 + c]);
      const isBody = (depth[i * 4] ?? 0) > 0;
      if (isBody) [body, missed] = [body + 1, missed + (changed ? 0 : 1)];
      else if (changed && !lowest.some((y) => Math.abs(Math.floor(i / 400) - y) <= 60)) strayOutsideShadows++;
    }
    expect(body).toBeGreaterThan(15_000);
    expect(missed / body).toBeLessThanOrEqual(0.005);
    expect(strayOutsideShadows).toBe(0);
  });

  it('stops between images when aborted', async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    const running = run(job({ gNumber: 4 }), progress, controller.signal);
    controller.abort(new JobAbort('stop'));
    await expect(running).rejects.toBeInstanceOf(JobAbort);
    expect(progress.length).toBeLessThan(4);
  });
});

describe('the control image', () => {
  it("is src/pose's OpenPose rendering of the pose, at the size asked", async () => {
    const png = await renderControlImage(pose, 320, 480);
    expect(readPngSize(png)).toEqual({ width: 320, height: 480 });
    const expected = { width: 320, height: 480, data: new Uint8ClampedArray(320 * 480 * 4) };
    rasterizeOpenPose(pose, expected);
    expect(Buffer.from(await pixels(png)).equals(Buffer.from(expected.data))).toBe(true);
  });
});
