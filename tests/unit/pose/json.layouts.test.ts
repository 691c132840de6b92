// Every body layout in the wild read as its writer meant and drawn as the OpenPose-18 body it
// means. Real files: OpenPose Studio's one stick figure written in three layouts, its pose
// collection, TRI3D's flattened poses (tests/fixtures/realpose/SOURCES.md). The estimators'
// layouts (COCO-17 from RTMPose-style output, HALPE_26, COCO-WholeBody, DWPose's raw 24, BODY_25B)
// are written here from a real OpenPose BODY_25 file (op_five_people_3d: 5 people with face and
// hands) by the layouts' published orders, so each must read back as that file's people.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BODY, importPoseJson, parsePoseJson, type Keypoint, type PoseDocument } from '../../../src/pose/index.js';
import { countDifferentPixels, render } from './pixels.js';
import { corpusPath } from './realpose.js';

const corpus = (name: string): string => readFileSync(corpusPath(name, '.json'), 'utf8');

function read(input: unknown) {
  const result = importPoseJson(input);
  if (!result.ok) throw new Error(result.error.message);
  return result;
}

const neckFromShoulders = (body: readonly Keypoint[]): Keypoint => {
  const [r, l] = [body[BODY.right_shoulder]!, body[BODY.left_shoulder]!];
  return r.visible && l.visible ? { x: (r.x + l.x) / 2, y: (r.y + l.y) / 2, visible: true } : { x: 0, y: 0, visible: false };
};

const withBody = (doc: PoseDocument, body: (b: Keypoint[], i: number) => Keypoint[]): PoseDocument => ({
  ...doc,
  people: doc.people.map((p, i) => ({ ...p, body: body(p.body, i) })),
});

describe("OpenPose Studio's stick figure in three layouts", () => {
  const openpose = read(corpus('studio_stickman_openpose'));

  it('reads the COCO-17 body (Ultralytics order) as the OpenPose-18 body it means: every point in its place, the neck between the shoulders', () => {
    const coco17 = read(corpus('studio_stickman_coco17'));
    expect(coco17.layouts).toEqual(['coco17']);
    expect(coco17.notes.join(' ')).toContain('COCO-17');
    const meant = withBody(openpose.document, (b) => b.map((k, i) => (i === BODY.neck ? neckFromShoulders(b) : k)));
    expect(coco17.document.people[0]!.body).toEqual(meant.people[0]!.body);
    expect(countDifferentPixels(render(coco17.document), render(meant))).toBe(0);
  });

  it('reads the legacy layout (keypoints: [[18 x [x, y]]]) as the same figure, drawn pixel for pixel alike', () => {
    const legacy = read(corpus('studio_stickman_legacy'));
    expect(legacy.layouts).toEqual(['studioLegacy']);
    expect(legacy.document.people[0]!.body).toEqual(openpose.document.people[0]!.body);
    expect(countDifferentPixels(render(legacy.document), render(openpose.document))).toBe(0);
  });
});

describe('a pose collection', () => {
  it('reads an object of named poses as a list of named poses, each as it reads alone, and opens the first', () => {
    const text = corpus('studio_gestures_collection');
    const result = read(text);
    const named = JSON.parse(text) as Record<string, unknown>;
    expect(result.poses?.map((p) => p.name)).toEqual(Object.keys(named));
    expect(result.poses).toHaveLength(14);
    for (const pose of result.poses!) expect(pose.document).toEqual(read(named[pose.name]).document);
    expect(result.document).toEqual(result.poses![0]!.document);
    expect(result.notes[0]).toBe('a collection of 14 named poses: the first, "double peace signs close", is opened');
  });
});

describe("TRI3D's flattened pose", () => {
  const pairs = (name: string) => (JSON.parse(corpus(name)) as { keypoints: [number, number][] }).keypoints;
  const expected = (p: [number, number][]) => p.map(([x, y]) => (x < 0 || y < 0 ? { x: 0, y: 0, visible: false } : { x, y, visible: true }));

  it.each(['tri3d_flattened_front', 'tri3d_flattened_back'])('%s: body 18, face 70, left hand 21, right hand 21; a point at -1 is missing', (name) => {
    const result = read(corpus(name));
    const p = pairs(name);
    expect(result.layouts).toEqual(['tri3d']);
    const person = result.document.people[0]!;
    expect(person.body).toEqual(expected(p.slice(0, 18)));
    expect(person.face).toEqual(expected(p.slice(18, 88)));
    expect(person.leftHand).toEqual(expected(p.slice(88, 109)));
    expect(person.rightHand).toEqual(expected(p.slice(109, 130)));
    const { width, height } = JSON.parse(corpus(name)) as { width: number; height: number };
    expect([result.document.canvas_width, result.document.canvas_height]).toEqual([width, height]);
  });

  it('the back view misses its nose and eyes', () => {
    const body = read(corpus('tri3d_flattened_back')).document.people[0]!.body;
    expect([BODY.nose, BODY.right_eye, BODY.left_eye].map((i) => body[i]!.visible)).toEqual([false, false, false]);
    expect(body.filter((k) => k.visible)).toHaveLength(15);
  });
});

// BODY_25's order and, for each other layout, the BODY_25 point written at each of its indices
// (-1: a point BODY_25 lacks, written as not found).
const COCO17_FROM_BODY25 = [0, 16, 15, 18, 17, 5, 2, 6, 3, 7, 4, 12, 9, 13, 10, 14, 11];
const FEET_FROM_BODY25 = [19, 20, 21, 22, 23, 24];

interface Source {
  body: number[];
  face: number[];
  left: number[];
  right: number[];
}

const triple = (flat: readonly number[], i: number) => (i < 0 ? [0, 0, 0] : flat.slice(i * 3, i * 3 + 3));
const gather = (flat: readonly number[], indices: readonly number[]) => indices.flatMap((i) => triple(flat, i));
const points = (flat: readonly number[]) => Array.from({ length: flat.length / 3 }, (_, i) => i);

const WRITERS: Record<string, (s: Source) => Record<string, number[]>> = {
  // mmpose / Ultralytics COCO-17, with the hands and face beside it as a DWPose node writes them.
  coco17: (s) => ({
    pose_keypoints_2d: gather(s.body, COCO17_FROM_BODY25),
    face_keypoints_2d: s.face,
    hand_left_keypoints_2d: s.left,
    hand_right_keypoints_2d: s.right,
  }),
  // Halpe-FullBody: 17 head (BODY_25 has none), 18 neck, 19 hip, then LBigToe RBigToe LSmallToe RSmallToe LHeel RHeel.
  halpe26: (s) => ({
    pose_keypoints_2d: gather(s.body, [...COCO17_FROM_BODY25, -1, 1, 8, 19, 22, 20, 23, 21, 24]),
    face_keypoints_2d: s.face,
    hand_left_keypoints_2d: s.left,
    hand_right_keypoints_2d: s.right,
  }),
  // BODY_25B: COCO-17, 17 upper neck and 18 head top (not in BODY_25), feet as BODY_25's.
  body25b: (s) => ({
    pose_keypoints_2d: gather(s.body, [...COCO17_FROM_BODY25, -1, -1, ...FEET_FROM_BODY25]),
    face_keypoints_2d: s.face,
    hand_left_keypoints_2d: s.left,
    hand_right_keypoints_2d: s.right,
  }),
  // COCO-WholeBody 133 in one array: body 17, feet 6, face 68 (no pupils), left hand, right hand.
  wholebody133: (s) => ({
    pose_keypoints_2d: [...gather(s.body, [...COCO17_FROM_BODY25, ...FEET_FROM_BODY25]), ...s.face.slice(0, 68 * 3), ...s.left, ...s.right],
  }),
  // DWPose's raw candidate: OpenPose-18 (BODY_25 without its mid-hip), then the six foot points; a 68-point face.
  dwpose24: (s) => ({
    pose_keypoints_2d: gather(s.body, [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, ...FEET_FROM_BODY25]),
    face_keypoints_2d: s.face.slice(0, 68 * 3),
    hand_left_keypoints_2d: s.left,
    hand_right_keypoints_2d: s.right,
  }),
};

// The layouts that carry an estimator's raw scores show a point from score 0.3 (DWPose's rule); BODY_25B is OpenPose's (score > 0).
const RAW_SCORES = new Set(['coco17', 'halpe26', 'wholebody133', 'dwpose24']);
// The layouts whose neck is the shoulders' midpoint (HALPE_26 writes its own, BODY_25B only an upper neck).
const NECK_FROM_SHOULDERS = new Set(['coco17', 'body25b', 'wholebody133']);

describe("the estimators' layouts, written from a real BODY_25 file", () => {
  const file = JSON.parse(corpus('op_five_people_3d')) as { people: Array<Record<string, number[]>> };
  const sources: Source[] = file.people.map((p) => ({
    body: p.pose_keypoints_2d!,
    face: p.face_keypoints_2d!,
    left: p.hand_left_keypoints_2d!,
    right: p.hand_right_keypoints_2d!,
  }));
  const original = read(file).document;

  // The OpenPose-18 people each layout means, written as OpenPose output with the scores its rule shows.
  const meant = (layout: string): PoseDocument => {
    const shown = (flat: number[]) =>
      points(flat).flatMap((i) => {
        const [x = 0, y = 0, c = 0] = triple(flat, i);
        return RAW_SCORES.has(layout) ? [x, y, c >= 0.3 ? 1 : 0] : [x, y, c];
      });
    // COCO-17 has no feet: BODY_25's are left out.
    const body = (s: Source) => (layout === 'coco17' ? s.body.map((n, i) => (i >= 19 * 3 ? 0 : n)) : s.body);
    const doc = read({
      people: sources.map((s) => ({
        pose_keypoints_2d: shown(body(s)),
        face_keypoints_2d: shown(layout === 'wholebody133' || layout === 'dwpose24' ? [...s.face.slice(0, 68 * 3), 0, 0, 0, 0, 0, 0] : s.face),
        hand_left_keypoints_2d: shown(s.left),
        hand_right_keypoints_2d: shown(s.right),
      })),
    }).document;
    return NECK_FROM_SHOULDERS.has(layout) ? withBody(doc, (b) => b.map((k, i) => (i === BODY.neck ? neckFromShoulders(b) : k))) : doc;
  };

  it.each(Object.keys(WRITERS))('%s: the five people read as the BODY_25 file means them and drawn pixel for pixel alike', (layout) => {
    const result = read({ people: sources.map(WRITERS[layout]!) });
    expect(result.layouts).toEqual([layout]);
    expect(result.otherReading).toBeUndefined();
    const expected = meant(layout);
    for (const [i, person] of result.document.people.entries()) {
      const want = expected.people[i]!;
      expect(person.body.map((k, j) => (k.visible ? k : j))).toEqual(want.body.map((k, j) => (k.visible ? k : j)));
      const shown = (part: Keypoint[] | undefined) => part?.filter((k) => k.visible) ?? [];
      // COCO-17 has no feet; the other layouts carry the file's.
      expect(shown(person.feet)).toEqual(layout === 'coco17' ? [] : shown(want.feet));
      expect(shown(person.face)).toEqual(shown(want.face));
    }
    const size = { width: original.canvas_width, height: original.canvas_height };
    expect(countDifferentPixels(render(result.document, size), render(expected, size))).toBe(0);
  });
  // mmpose's saved predictions hold the same bodies as [x, y] pairs with their scores beside them.
  it.each(['coco17', 'halpe26', 'wholebody133'])('%s as mmpose saves its predictions (instance_info) reads as the same people', (layout) => {
    const flat = sources.map((s) => WRITERS[layout]!(s).pose_keypoints_2d!);
    const instances = flat.map((numbers) => ({
      keypoints: points(numbers).map((i) => [numbers[i * 3]!, numbers[i * 3 + 1]!]),
      keypoint_scores: points(numbers).map((i) => numbers[i * 3 + 2]!),
      bbox: [[0, 0, 10, 10]],
    }));
    const result = read({ meta_info: { dataset_name: layout }, instance_info: instances });
    expect(result.layouts).toEqual(['mmpose', layout]);
    expect(result.document).toEqual(read({ people: flat.map((pose_keypoints_2d) => ({ pose_keypoints_2d })) }).document);
  });
});

describe('75 numbers the file cannot name: decided by the skeleton', () => {
  const file = JSON.parse(corpus('sirfalus_coco18pad25_frames')) as Array<{
    people: Array<Record<string, number[]>>;
    canvas_width: number;
    canvas_height: number;
  }>;
  const frame = file[0]!;
  const coco18 = frame.people[0]!.pose_keypoints_2d!.slice(0, 54);
  const plain = read({ ...frame, people: [{ pose_keypoints_2d: coco18 }] }).document.people[0]!.body;

  it('reads COCO-18 padded with two toe points and zeros as COCO-18 (its 8 is a hip, not between the hips), though BODY_25 would take its toes for an ear', () => {
    const toes = [300, 1200, 1, 330, 1210, 1];
    const result = read({ ...frame, people: [{ pose_keypoints_2d: [...coco18, ...toes, ...new Array(15).fill(0)] }] });
    expect(result.layouts).toEqual(['coco18-padded']);
    expect(result.otherReading).toBeUndefined();
    expect(result.document.people[0]!.body).toEqual(plain);
  });

  it('where the hips are hidden the skeleton cannot tell: both readings are given, the other drawn as BODY_25', () => {
    const hidden = coco18.map((n, i) => ([8, 11].includes(Math.floor(i / 3)) ? 0 : n));
    const result = read({ ...frame, people: [{ pose_keypoints_2d: [...hidden, ...new Array(21).fill(0)] }] });
    expect(result.layouts).toEqual(['coco18-padded']);
    expect(result.otherReading?.layouts).toEqual(['body25']);
    expect(result.notes.some((n) => n.includes('cannot rule out reading it as OpenPose BODY_25 '))).toBe(true);
    const other = result.otherReading!.document.people[0]!.body;
    // Read as BODY_25, the right knee (COCO 9) lands in the right hip's slot.
    expect(other[BODY.right_hip]).toEqual(plain[BODY.right_knee]);
  });

  it.each(['sirfalus_coco18pad25_frames', 'sirfalus_coco18pad25_righthand_frames', 'sirfalus_coco18pad25_lefthand_frames', 'sirfalus_nested_coco18pad25'])(
    'reads the ComfyUI editor file %s as COCO-18 padded to 25 points, without a doubt',
    (name) => {
      const result = parsePoseJson(corpus(name));
      expect(result.ok && result.layouts).toEqual(['coco18-padded']);
      expect(result.ok && result.otherReading).toBeUndefined();
    },
  );

  it.each(['op_five_people_3d', 'op_crowd30_body25', 'op_coco192_body25_hands', 'op_sign_face_hands', 'op_v12_openposer', 'op_strings_mmhuman3d'])(
    'reads the OpenPose output %s as BODY_25, every person, without a doubt',
    (name) => {
      const result = parsePoseJson(corpus(name));
      expect(result.ok && result.layouts).toEqual(['body25']);
      expect(result.ok && result.otherReading).toBeUndefined();
    },
  );
});
