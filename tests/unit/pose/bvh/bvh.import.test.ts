// Real BVH files from two public motion libraries (a Mixamo-rigged one and mocapbank's) read as
// pose sequences: the frame count the file says, and every body joint where an independent
// reference (tests/fixtures/bvh/reference.py, scipy's rotations) puts it, within 1 px on the canvas.
import { describe, expect, it } from 'vitest';
import { importBvh, parseBvh, placed } from '../../../../src/pose/bvh/index.js';
import { jointPoses } from '../../../../src/pose/bvh/forwardKinematics.js';
import { BODY } from '../../../../src/pose/index.js';
import { bvhFixture, bvhReference } from './bvhFixtures.js';

const CASES = [
  {
    file: 'freebvh_mixamo_excerpt.bvh',
    points: {
      'mixamorig:LeftArm': BODY.left_shoulder,
      'mixamorig:RightForeArm': BODY.right_elbow,
      'mixamorig:LeftHand': BODY.left_wrist,
      'mixamorig:RightUpLeg': BODY.right_hip,
      'mixamorig:LeftLeg': BODY.left_knee,
      'mixamorig:RightFoot': BODY.right_ankle,
    },
  },
  {
    file: 'mocapbank_excerpt.bvh',
    points: {
      LeftShoulder: BODY.left_shoulder,
      RightElbow: BODY.right_elbow,
      LeftWrist: BODY.left_wrist,
      RightHip: BODY.right_hip,
      LeftKnee: BODY.left_knee,
      RightAnkle: BODY.right_ankle,
    },
  },
] as const;

describe('real BVH files', () => {
  for (const { file, points } of CASES) {
    const reference = bvhReference[file]!;

    it(`${file}: every joint's world position at every frame as the reference has it`, () => {
      const parsed = parseBvh(bvhFixture(file));
      if (!parsed.ok) throw new Error(parsed.problem.code);
      expect(parsed.bvh.frames).toHaveLength(reference.frames);
      for (const [name, track] of Object.entries(reference.joints)) {
        const index = parsed.bvh.joints.findIndex((j) => j.name === name);
        track.forEach(([x, y, z], frame) => {
          const { position } = jointPoses(parsed.bvh, frame)[index]!;
          expect(Math.hypot(position.x - x, position.y - y, position.z - z)).toBeLessThan(1e-3);
        });
      }
    });

    it(`${file}: imports as a sequence of its ${reference.frames} frames, each body point within 1 px of the reference`, () => {
      const result = importBvh(bvhFixture(file), { width: 512, height: 768 });
      if (!result.ok) throw new Error(result.problem.code);
      expect(result.sequence.length).toBe(reference.frames);
      expect(result.sequence.fps).toBe(30);
      const [track] = result.sequence.tracks;
      expect(track!.keys).toHaveLength(reference.frames);
      for (const [name, point] of Object.entries(points)) {
        reference.joints[name]!.forEach(([x, y, z], frame) => {
          const want = placed({ x, y, z }, result.placement);
          const got = track!.keys[frame]!.figure as { body: { x: number; y: number; z?: number; visible: boolean }[] };
          const k = got.body[point]!;
          expect(k.visible).toBe(true);
          expect(Math.hypot(k.x - want.x, k.y - want.y)).toBeLessThan(1);
          expect(Math.abs((k.z ?? 0) - (want.z ?? 0))).toBeLessThan(1);
        });
      }
      // The whole motion lies on the canvas: every point shown, inside it.
      for (const key of track!.keys) {
        const body = (key.figure as { body: { x: number; y: number; visible: boolean }[] }).body;
        expect(body.every((k) => k.visible && k.x >= 0 && k.x <= 512 && k.y >= 0 && k.y <= 768)).toBe(true);
      }
    });
  }

  it('takes a chosen range at a chosen frame rate: frames 2 to 10 of a 30 fps file at 15 fps are its frames 2, 4, 6, 8 and 10', () => {
    const result = importBvh(bvhFixture('mocapbank_excerpt.bvh'), { width: 512, height: 512, fps: 15, first: 2, last: 10 });
    if (!result.ok) throw new Error(result.problem.code);
    expect(result.sourceFrames).toEqual([2, 4, 6, 8, 10]);
    expect([result.sequence.fps, result.sequence.length]).toEqual([15, 5]);
    const whole = importBvh(bvhFixture('mocapbank_excerpt.bvh'), { width: 512, height: 512 });
    if (!whole.ok) throw new Error(whole.problem.code);
    // The same file frame, placed by its own fit: the wrist is where the reference puts it.
    const [x, y, z] = bvhReference['mocapbank_excerpt.bvh']!.joints.LeftWrist![6]!;
    const want = placed({ x, y, z }, result.placement);
    const wrist = (result.sequence.tracks[0]!.keys[2]!.figure as { body: { x: number; y: number }[] }).body[BODY.left_wrist]!;
    expect(Math.hypot(wrist.x - want.x, wrist.y - want.y)).toBeLessThan(1);
  });

  it('places the face on the head: the nose in front of the head, the eyes above the nose, left and right on their own sides', () => {
    const result = importBvh(bvhFixture('mocapbank_excerpt.bvh'), { width: 512, height: 768 });
    if (!result.ok) throw new Error(result.problem.code);
    const body = (result.sequence.tracks[0]!.keys[0]!.figure as { body: { x: number; y: number; z?: number }[] }).body;
    const [nose, le, re, ls, rs] = [BODY.nose, BODY.left_eye, BODY.right_eye, BODY.left_shoulder, BODY.right_shoulder].map((i) => body[i]!);
    expect(nose!.y).toBeLessThan(body[BODY.neck]!.y);
    expect(le!.y).toBeLessThan(nose!.y);
    // Left eye on the left shoulder's side of the nose.
    expect(Math.sign(le!.x - nose!.x)).toBe(Math.sign(ls!.x - rs!.x));
    expect(Math.sign(re!.x - nose!.x)).toBe(Math.sign(rs!.x - ls!.x));
  });
});
