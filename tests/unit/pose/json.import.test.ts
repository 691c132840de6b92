import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePoseJson, type PoseDocument } from '../../../src/pose/index.js';
import { fixturePath } from './pixels.js';

const triples = (n: number, f: (i: number) => [number, number, number]) => Array.from({ length: n }, (_, i) => f(i)).flat();
const body54 = triples(18, (i) => [100 + i, 200 + i, 1]);
const ok = (input: unknown): PoseDocument => {
  const result = parsePoseJson(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.document;
};

describe('parsePoseJson: coordinates', () => {
  it('reads pixel coordinates as they are', () => {
    const doc = ok({ people: [{ pose_keypoints_2d: body54 }], canvas_width: 400, canvas_height: 600 });
    expect(doc.people[0]!.body[3]).toEqual({ x: 103, y: 203, visible: true });
    expect([doc.canvas_width, doc.canvas_height]).toEqual([400, 600]);
  });

  it('scales an array whose numbers are all within [-1, 1] by the canvas', () => {
    const normalized = triples(18, (i) => [0.5, i / 20, 1]);
    const doc = ok({
      people: [{ pose_keypoints_2d: normalized, hand_left_keypoints_2d: triples(21, () => [30, 40, 1]) }],
      canvas_width: 400,
      canvas_height: 600,
    });
    expect(doc.people[0]!.body[10]).toEqual({ x: 200, y: 300, visible: true });
    // Each array is judged on its own: the hand in pixels stays in pixels.
    expect(doc.people[0]!.leftHand![0]).toEqual({ x: 30, y: 40, visible: true });
  });

  it('reads a file with a canvas size as ControlNet does: confidence < 1 hidden, body points kept off the canvas', () => {
    const body = [...body54];
    body.splice(0, 3, 150, 160, 0);
    body.splice(3, 3, 0, 160, 1);
    body.splice(6, 3, 150, -2, 1);
    body.splice(9, 3, 150, 160, 0.3);
    const result = parsePoseJson({ people: [{ pose_keypoints_2d: body }], canvas_width: 400, canvas_height: 600 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.reading).toBe('controlnet');
    expect(result.document.people[0]!.body.slice(0, 4).map((k) => k.visible)).toEqual([false, true, true, false]);
  });

  it('reads raw OpenPose output (no canvas size) as OpenPose means it: confidence > 0 is found, 0 is not', () => {
    const body = triples(18, (i) => [100 + i, 200 + i, i === 0 ? 0 : 0.05 + i / 40]);
    const result = parsePoseJson({ version: 1.3, people: [{ pose_keypoints_2d: body }] });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.reading).toBe('openpose');
    expect(result.document.people[0]!.body.map((k) => k.visible)).toEqual(body.filter((_, i) => i % 3 === 2).map((c) => c > 0));
    expect(result.notes[0]).toMatch(/^read as OpenPose output \(no canvas size\)/);
  });

  it('gives a missing canvas size 512, or more when pixel coordinates need it: room for the joint drawn at the outermost point', () => {
    expect(ok({ people: [{ pose_keypoints_2d: body54 }] })).toMatchObject({ canvas_width: 512, canvas_height: 512 });
    const far = triples(18, (i) => [100 + i * 40, 700.2, 1]);
    // The joint at y 700.2 is drawn at row 700 with radius 4: rows up to 704, so 705 rows.
    expect(ok({ people: [{ pose_keypoints_2d: far }], canvas_width: 1000 })).toMatchObject({ canvas_width: 1000, canvas_height: 705 });
  });

  it('accepts an already parsed object as well as text', () => {
    const text = JSON.stringify({ people: [{ pose_keypoints_2d: body54 }], canvas_width: 400, canvas_height: 600 });
    expect(ok(text)).toEqual(ok(JSON.parse(text)));
  });
});

describe('parsePoseJson: optional parts', () => {
  it.each([
    ['missing', {}],
    ['null', { hand_left_keypoints_2d: null, hand_right_keypoints_2d: null, face_keypoints_2d: null }],
    ['empty', { hand_left_keypoints_2d: [], hand_right_keypoints_2d: [], face_keypoints_2d: [] }],
  ])('treats %s hands and face as absent', (_, parts) => {
    const person = ok({ people: [{ pose_keypoints_2d: body54, ...parts }], canvas_width: 400, canvas_height: 600 }).people[0]!;
    expect(person.leftHand).toBeUndefined();
    expect(person.rightHand).toBeUndefined();
    expect(person.face).toBeUndefined();
  });

  it('gives a person without body points an all-hidden body, so a hands-only file still loads', () => {
    const person = ok({ people: [{ hand_right_keypoints_2d: triples(21, () => [30, 40, 1]) }], canvas_width: 400, canvas_height: 600 }).people[0]!;
    expect(person.body).toHaveLength(18);
    expect(person.body.every((k) => !k.visible)).toBe(true);
    expect(person.rightHand).toHaveLength(21);
  });

  it('reads animals flat (51 numbers) or nested ([[x, y, c] x 17]) to the same points', () => {
    const nested = Array.from({ length: 17 }, (_, i) => [10 + i, 20 + i, 1]);
    const doc = ok({ animals: [nested.flat(), nested], canvas_width: 400, canvas_height: 600 });
    expect(doc.animals).toHaveLength(2);
    expect(doc.animals[0]).toEqual(doc.animals[1]);
    expect(doc.animals[0]!.keypoints[16]).toEqual({ x: 26, y: 36, visible: true });
    expect(doc.people).toEqual([]);
  });
});

describe('parsePoseJson: real files', () => {
  it('reads DWPose output (normalized, face 70, null hand) into pixels', () => {
    const raw = JSON.parse(readFileSync(fixturePath('dwpose-normalized.json'), 'utf8'));
    const doc = ok(raw);
    expect([doc.canvas_width, doc.canvas_height]).toEqual([640, 480]);
    expect(doc.people).toHaveLength(2);
    const [first, second] = doc.people;
    expect(first!.face).toHaveLength(70);
    expect(first!.leftHand).toHaveLength(21);
    expect(second!.leftHand).toBeUndefined();
    expect(second!.face).toBeUndefined();
    expect(second!.body[16]!.visible).toBe(false);
    const nose = raw.people[0].pose_keypoints_2d;
    expect(first!.body[0]!.x).toBeCloseTo(nose[0] * 640, 9);
    expect(first!.body[0]!.y).toBeCloseTo(nose[1] * 480, 9);
    expect(first!.body[0]!.x).toBeGreaterThan(100);
  });

  it("reads the OpenPose binary's BODY_25 output: the 18 COCO points and the six foot points, mid-hip dropped", () => {
    // As openpose --write_json writes it: version, person_id, 25 body points, 3-D arrays empty, no
    // canvas size; its mid-hip (8) halfway between its hips (9, 12), as OpenPose finds it.
    const body25 = triples(25, (i) => (i === 8 ? [310.5, 410.5, 0.9] : [300 + i, 400 + i, i > 18 ? 0.9 : 0.8]));
    const doc = ok({
      version: 1.3,
      people: [
        {
          person_id: [-1],
          pose_keypoints_2d: body25,
          face_keypoints_2d: triples(70, (i) => [10 + i, 20, 0.7]),
          hand_left_keypoints_2d: [],
          hand_right_keypoints_2d: triples(21, (i) => [50 + i, 60, 0.5]),
          pose_keypoints_3d: [],
          face_keypoints_3d: [],
        },
      ],
    });
    const body = doc.people[0]!.body;
    // BODY_25 19-24 (LBigToe ... RHeel) are the person's feet, in the same order.
    expect(doc.people[0]!.feet).toEqual(Array.from({ length: 6 }, (_, k) => ({ x: 319 + k, y: 419 + k, visible: true })));
    expect(body).toHaveLength(18);
    // COCO 0-7 are BODY_25 0-7; COCO 8 (right hip) is BODY_25 9; COCO 17 (left ear) is BODY_25 18.
    expect(body[7]).toEqual({ x: 307, y: 407, visible: true });
    expect(body[8]).toEqual({ x: 309, y: 409, visible: true });
    expect(body[17]).toEqual({ x: 318, y: 418, visible: true });
    expect(doc.people[0]!.leftHand).toBeUndefined();
    expect(doc.people[0]!.rightHand).toHaveLength(21);
    expect(doc.people[0]!.face).toHaveLength(70);
    // Nested BODY_25 ([[x, y, c] x 25]) reads the same.
    const nested = ok({ people: [{ pose_keypoints_2d: Array.from({ length: 25 }, (_, i) => body25.slice(i * 3, i * 3 + 3)) }] });
    expect(nested.people[0]!.body).toEqual(body);
  });

  it('reads the first frame of a list of frames, as comfyui_controlnet_aux saves POSE_KEYPOINT', () => {
    const frame = { people: [{ pose_keypoints_2d: body54 }], canvas_width: 768, canvas_height: 512 };
    const doc = ok([frame, { people: [], canvas_width: 768, canvas_height: 512 }]);
    expect([doc.canvas_width, doc.canvas_height]).toEqual([768, 512]);
    expect(doc.people).toHaveLength(1);
    expect(doc).toEqual(ok(frame));
  });

  it('reads an ap10k animal file with scores and no people key, keeping only confidence 1 as ControlNet does', () => {
    // The second animal's confidences are 0.5-0.9: ControlNet's decode_json_as_poses drops them all.
    const doc = ok(readFileSync(fixturePath('animals.json'), 'utf8'));
    expect(doc.animals.map((a) => a.keypoints.filter((k) => k.visible).length)).toEqual([17, 0]);
  });
});

describe('a pose file saved with a byte order mark', () => {
  it('reads as the same file without it (Windows editors save UTF-8 with one)', () => {
    const text = JSON.stringify({
      canvas_width: 512,
      canvas_height: 512,
      people: [{ pose_keypoints_2d: Array.from({ length: 18 }, (_, i) => [100 + i, 100 + 10 * i, 1]).flat() }],
    });
    const plain = parsePoseJson(text);
    const marked = parsePoseJson(`\uFEFF${text}`);
    expect(plain.ok).toBe(true);
    expect(marked).toEqual(plain);
  });
});

describe("a pose file written by Python's json module", () => {
  // numpy marks a point not found with NaN, and Python's json writes it as the bare word NaN.
  const points = Array.from({ length: 18 }, (_, i) => `${100 + i}, ${100 + 10 * i}, 1`);
  const file = (body: string[], extra = '') => `{"canvas_width": 512, "canvas_height": 512${extra}, "people": [{"pose_keypoints_2d": [${body.join(', ')}]}]}`;

  it('reads NaN, Infinity and -Infinity: a point whose x or y is one is not found, the others as written', () => {
    const body = points.map((p, i) => (i === 3 ? 'NaN, NaN, 0' : i === 4 ? 'NaN, 200, 1' : i === 5 ? 'Infinity, -Infinity, 1' : p));
    const result = parsePoseJson(file(body, ', "note": "NaN and Infinity in a string stay text"'));
    if (!result.ok) throw new Error(result.error.message);
    const read = result.document.people[0]!.body;
    expect(read.filter((k) => !k.visible)).toHaveLength(3);
    for (const i of [3, 4, 5]) expect(read[i]).toEqual({ x: 0, y: 0, visible: false });
    expect(read[7]).toEqual({ x: 107, y: 170, visible: true });
    expect(result.notes).toContain('3 points with an x or y of NaN or Infinity (as Python writes them) read as not found');
  });

  it('shows a point of NaN confidence as ControlNet does (its test is c < 1), and hides it in raw OpenPose output (c > 0)', () => {
    const body = points.map((p, i) => (i === 6 ? '106, 160, NaN' : p));
    const withCanvas = parsePoseJson(file(body));
    if (!withCanvas.ok) throw new Error(withCanvas.error.message);
    expect(withCanvas.document.people[0]!.body[6]).toEqual({ x: 106, y: 160, visible: true });
    const raw = parsePoseJson(`{"people": [{"pose_keypoints_2d": [${body.join(', ')}]}]}`);
    if (!raw.ok) throw new Error(raw.error.message);
    expect(raw.document.people[0]!.body[6]?.visible).toBe(false);
    expect(raw.document.people[0]!.body[7]?.visible).toBe(true);
  });

  it('still refuses NaN written as text, a NaN canvas size, and text that is not JSON', () => {
    const quoted = parsePoseJson(file(points.map((p, i) => (i === 0 ? '"NaN", 100, 1' : p))));
    expect(!quoted.ok && quoted.error.message).toBe('people[0].pose_keypoints_2d[0] is a string ("NaN"); expected a number');
    const canvas = parsePoseJson('{"canvas_width": NaN, "canvas_height": 512, "people": []}');
    expect(!canvas.ok && canvas.error.message).toMatch(/^canvas_width is the number NaN; expected a positive whole number/);
    const broken = parsePoseJson('{"people": [NaN');
    expect(!broken.ok && broken.error.message).toMatch(/^the pose file is not valid JSON: /);
  });
});

describe('a pose saved by the OpenPose Editor of AUTOMATIC1111 (fkunn1326/openpose-editor)', () => {
  // {"width", "height", "keypoints": [[x, y], ...]}: 18 COCO points per person in turn, no confidence.
  const person = (dx: number) => Array.from({ length: 18 }, (_, i) => [120 + dx + (i % 3) * 10, 60 + i * 20]);
  const file = (keypoints: unknown, size: object = { width: 640, height: 480 }) => JSON.stringify({ ...size, keypoints });

  it('reads each 18 points as a person, every point shown, on its canvas', () => {
    const result = parsePoseJson(file([...person(0), ...person(200)]));
    if (!result.ok) throw new Error(result.error.message);
    const { document } = result;
    expect([document.canvas_width, document.canvas_height]).toEqual([640, 480]);
    expect(document.people).toHaveLength(2);
    expect(document.people[1]!.body.map((k) => [k.x, k.y, k.visible])).toEqual(person(200).map(([x, y]) => [x, y, true]));
    expect(result.reading).toBe('pointList');
    expect(result.notes[0]).toMatch(/^read as the OpenPose Editor of AUTOMATIC1111's web UI saves it \(fkunn1326\/openpose-editor\): 2 people of 18 points/);
  });

  it('without a size, sizes the canvas to hold the points, as for raw OpenPose output', () => {
    const result = parsePoseJson(file(person(0), {}));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.document.people[0]!.body.every((k) => k.visible)).toBe(true);
    expect(result.document.canvas_height).toBe(512);
  });

  it('refuses a list that is not whole people of [x, y] points, saying where', () => {
    const refusal = (keypoints: unknown, size?: object) => {
      const r = parsePoseJson(file(keypoints, size));
      return r.ok ? 'read' : r.error.message;
    };
    expect(refusal(person(0).slice(0, 17))).toBe('keypoints has 17 points; expected 18 for each person (a multiple of 18, at least 18)');
    expect(refusal(person(0).map((p, i) => (i === 4 ? [...p, 1] : p)))).toBe('keypoints[4] has 3 numbers; expected 2 (x, y)');
    expect(refusal(person(0).map((p, i) => (i === 5 ? { x: 1, y: 2 } : p)))).toBe('keypoints[5] is an object; expected [x, y]');
    expect(refusal(person(0).map((p, i) => (i === 6 ? ['a', 2] : p)))).toBe('keypoints[6][0] is a string ("a"); expected a number');
    expect(refusal(person(0), { width: -1, height: 480 })).toMatch(/^width is the number -1; expected a positive whole number/);
  });
});
