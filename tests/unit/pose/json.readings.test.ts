// Reading real-world variants by their writers' rules: legacy key names, padded COCO-18 bodies,
// DWPose feet, numbers written as text, and refusing a file that has nothing to draw.
import { describe, expect, it } from 'vitest';
import { importPoseJson, parsePoseJson, type PoseDocument } from '../../../src/pose/index.js';

const triples = (n: number, f: (i: number) => [number, number, number]) => Array.from({ length: n }, (_, i) => f(i)).flat();
const coco = triples(18, (i) => [100 + i * 5, 200 + i * 7, 1]);
const ok = (input: unknown): PoseDocument => {
  const result = parsePoseJson(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.document;
};

describe('body layouts of 75 numbers', () => {
  it('reads COCO-18 padded with 7 zero points (a ComfyUI editor file) as COCO-18, not BODY_25', () => {
    const result = parsePoseJson({ people: [{ pose_keypoints_2d: [...coco, ...new Array(21).fill(0)] }], canvas_width: 512, canvas_height: 768 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.document.people[0]!.body).toEqual(ok({ people: [{ pose_keypoints_2d: coco }], canvas_width: 512, canvas_height: 768 }).people[0]!.body);
    expect(result.document.people[0]!.feet).toBeUndefined();
    // (These points lie on one line, so no skeleton tells; the real files are in json.layouts.test.ts.)
    expect(result.notes.some((n) => n.startsWith('1 75-number body read as COCO-18 padded to 25 points (not BODY_25)'))).toBe(true);
    expect(result.layouts).toEqual(['coco18-padded']);
  });

  it('reads a BODY_25 body with a canvas size and no feet as BODY_25 when its point 8 sits between its hips', () => {
    // BODY_25: 8 mid-hip (150, 300) between 9 right hip (130, 300) and 12 left hip (170, 300).
    const body25 = triples(25, (i) =>
      i > 18 ? [0, 0, 0] : i === 8 ? [150, 300, 1] : i === 9 ? [130, 300, 1] : i === 12 ? [170, 300, 1] : [100 + i, 100 + i, 1],
    );
    const doc = ok({ people: [{ pose_keypoints_2d: body25 }], canvas_width: 512, canvas_height: 512 });
    expect(doc.people[0]!.body[8]).toEqual({ x: 130, y: 300, visible: true });
    expect(doc.people[0]!.body[11]).toEqual({ x: 170, y: 300, visible: true });
  });
});

describe("other writers' keys", () => {
  it('reads OpenPose 1.0/1.1 names (pose_keypoints, hand_*_keypoints, face_keypoints) and says so', () => {
    const result = parsePoseJson({
      version: 1.0,
      people: [
        {
          pose_keypoints: triples(18, (i) => [50 + i, 60 + i, 0.6]),
          face_keypoints: [],
          hand_left_keypoints: triples(21, () => [30, 40, 0.5]),
          hand_right_keypoints: [],
        },
      ],
    });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.document.people[0]!.body.filter((k) => k.visible)).toHaveLength(18);
    expect(result.document.people[0]!.leftHand).toHaveLength(21);
    expect(result.notes.some((n) => n.startsWith('OpenPose 1.0/1.1 key names read: pose_keypoints'))).toBe(true);
  });

  it('keeps the six DWPose foot points written beside an 18-point body (foot_keypoints_2d)', () => {
    const feet = triples(6, (i) => [0.2 + i / 20, 0.9, 1]);
    const doc = ok({ people: [{ pose_keypoints_2d: coco, foot_keypoints_2d: feet }], canvas_width: 400, canvas_height: 600 });
    expect(doc.people[0]!.feet![5]!.x).toBeCloseTo(0.45 * 400, 9);
    expect(doc.people[0]!.feet![5]!.y).toBeCloseTo(0.9 * 600, 9);
  });
});

describe('numbers written as text', () => {
  it('reads "1188.94", "0" and "-3e2" as the numbers JSON would, and counts them in the notes', () => {
    const body = coco.map((n, i) => (i === 0 ? '1188.94' : i === 1 ? '-3e2' : i === 5 ? '0' : n));
    const result = parsePoseJson({ people: [{ pose_keypoints_2d: body }], canvas_width: 2000, canvas_height: 600 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.document.people[0]!.body[0]).toEqual({ x: 1188.94, y: -300, visible: true });
    expect(result.notes).toContain('3 numbers written as text read as numbers');
  });

  it.each(['', ' 12', '12px', '0x10', 'NaN', 'Infinity', '1,5', '1e999'])('refuses the text %j where a number belongs', (text) => {
    const result = parsePoseJson({ people: [{ pose_keypoints_2d: coco.map((n, i) => (i === 3 ? text : n)) }], canvas_width: 400, canvas_height: 600 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.path).toBe('people[0].pose_keypoints_2d[3]');
  });
});

describe('importPoseJson refuses a file with nothing to draw, saying why', () => {
  it.each([
    [
      'no people and no animals',
      { canvas_width: 512, canvas_height: 512, version: 1 },
      /^the pose file has no people and no animals; its keys are canvas_width, canvas_height, version: nothing to draw$/,
    ],
    ['people whose arrays are all empty', { people: [{ pose_keypoints_2d: [], face_keypoints_2d: [] }] }, /has 1 person and 0 animals but no keypoints/],
    [
      'only confidence 0',
      { people: [{ pose_keypoints_2d: triples(18, () => [10, 10, 0]) }] },
      /none of the 18 keypoints in the pose file is visible: every one has confidence 0/,
    ],
    [
      'only fractional confidences with a canvas size',
      { animals: [triples(17, () => [10, 10, 0.7])], canvas_width: 960, canvas_height: 512 },
      /17 have a confidence between 0 and 1, and a file with a canvas size is read as ControlNet reads it/,
    ],
  ])('%s', (_, input, message) => {
    const result = importPoseJson(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(message);
    // parsePoseJson still gives the (empty) document: an empty pose is a valid editor state.
    expect(parsePoseJson(input).ok).toBe(true);
  });

  it('accepts a file with one visible point', () => {
    const result = importPoseJson({ people: [{ pose_keypoints_2d: triples(18, (i) => [10, 10, i === 4 ? 1 : 0]) }], canvas_width: 64, canvas_height: 64 });
    expect(result.ok).toBe(true);
  });
});
