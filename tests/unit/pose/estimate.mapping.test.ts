import { describe, expect, it } from 'vitest';
import { BODY, BODY_KEYPOINT_NAMES, toOpenPoseJson, type Person } from '../../../src/pose/index.js';
import {
  assignFaces,
  assignHands,
  bodyFromCoco,
  COCO_17_NAMES,
  faceFromMesh,
  MESH_VERTEX_OF_IBUG_68,
  OPENPOSE_FROM_COCO_17,
  peopleFromBodies,
  toPhotoDocument,
  withFaces,
  withHands,
  type DetectedBody,
  type DetectedFace,
  type DetectedHand,
  type DetectedPoint,
} from '../../../src/pose/estimate/index.js';

const at = (x: number, y: number, score = 0.9): DetectedPoint => ({ x, y, score });

/** A frontal MoveNet person centred on x (left/right are the person's own: left on the image right). */
function cocoPerson(x: number, score = 0.8, pointScore = 0.9): DetectedBody {
  const p = (dx: number, y: number) => at(x + dx, y, pointScore);
  return {
    score,
    keypoints: [
      p(0, 50),
      p(8, 45),
      p(-8, 45),
      p(15, 50),
      p(-15, 50), // nose, eyes, ears
      p(30, 100),
      p(-30, 100),
      p(40, 160),
      p(-40, 160),
      p(45, 220),
      p(-45, 220), // shoulders, elbows, wrists
      p(20, 230),
      p(-20, 230),
      p(22, 320),
      p(-22, 320),
      p(24, 410),
      p(-24, 410), // hips, knees, ankles
    ],
  };
}

/** A 21-point hand whose wrist is at (x, y), fingers pointing down. */
const hand = (x: number, y: number, score = 0.9): DetectedHand => ({
  score,
  keypoints: Array.from({ length: 21 }, (_, i) => (i === 0 ? at(x, y, score) : at(x + (i % 5) * 3 - 6, y + 10 + Math.floor(i / 5) * 6, score))),
});

/** A 478-point mesh whose points sit on a small grid around (cx, cy), irises at the given places. */
function mesh(cx: number, cy: number, irisA: DetectedPoint, irisB: DetectedPoint): DetectedFace {
  const points = Array.from({ length: 478 }, (_, i) => at(cx + ((i * 7) % 21) - 10, cy + ((i * 11) % 25) - 12));
  // Eye outlines: the person's right eye (iBUG 36-41) on the image left, the left eye (42-47) on the right.
  MESH_VERTEX_OF_IBUG_68.slice(36, 42).forEach((v) => (points[v] = at(cx - 6, cy - 4)));
  MESH_VERTEX_OF_IBUG_68.slice(42, 48).forEach((v) => (points[v] = at(cx + 6, cy - 4)));
  points[468] = irisA;
  points[473] = irisB;
  return { mesh: points, score: 0.95 };
}

describe('COCO-17 bodies to OpenPose COCO-18', () => {
  it('takes every point from the COCO point of the same name, keeping the person-own left and right', () => {
    OPENPOSE_FROM_COCO_17.forEach((from, i) => {
      if (i === BODY.neck) expect(from).toBe(-1);
      else expect(COCO_17_NAMES[from], BODY_KEYPOINT_NAMES[i]).toBe(BODY_KEYPOINT_NAMES[i]);
    });
    const body = bodyFromCoco(cocoPerson(200), 0.3);
    expect(body).toHaveLength(18);
    expect(body[BODY.left_shoulder]).toEqual({ x: 230, y: 100, visible: true });
    expect(body[BODY.right_wrist]).toEqual({ x: 155, y: 220, visible: true });
    expect(body[BODY.left_ear].x).toBeGreaterThan(body[BODY.right_ear].x);
  });

  it('puts the neck midway between the shoulders, as sure as the less sure shoulder', () => {
    const person = cocoPerson(200);
    expect(bodyFromCoco(person, 0.3)[BODY.neck]).toEqual({ x: 200, y: 100, visible: true });
    person.keypoints[6] = at(170, 100, 0.2); // right shoulder unsure
    const body = bodyFromCoco(person, 0.3);
    expect(body[BODY.neck].visible).toBe(false);
    expect(body[BODY.right_shoulder].visible).toBe(false);
    expect(body[BODY.left_shoulder].visible).toBe(true);
  });

  it('refuses a body that is not 17 points', () => {
    expect(() => bodyFromCoco({ score: 1, keypoints: [at(1, 1)] }, 0.3)).toThrow(/17 points, got 1/);
  });

  it('keeps sure people with enough points, ordered left to right', () => {
    const people = peopleFromBodies([cocoPerson(500), cocoPerson(100, 0.1), cocoPerson(300), cocoPerson(700, 0.9, 0.1)]);
    expect(people.map((p) => p.body[BODY.nose].x)).toEqual([300, 500]);
  });
});

describe('face meshes to the 70 OpenPose face points', () => {
  it('takes the 68 iBUG points from their mesh vertices and the pupils from the irises', () => {
    const face = mesh(100, 100, at(94, 96), at(106, 96));
    const points = faceFromMesh(face);
    expect(points).toHaveLength(70);
    MESH_VERTEX_OF_IBUG_68.forEach((v, i) => expect(points[i]).toEqual({ x: face.mesh[v].x, y: face.mesh[v].y, visible: true }));
    expect(points[68]).toEqual({ x: 94, y: 96, visible: true });
    expect(points[69]).toEqual({ x: 106, y: 96, visible: true });
  });

  it('gives each pupil to the eye it lies in, whichever iris group the mesh put it in', () => {
    const points = faceFromMesh(mesh(100, 100, at(106, 96), at(94, 96)));
    expect([points[68].x, points[69].x]).toEqual([94, 106]);
  });

  it('hides the pupils of a mesh without iris points rather than inventing them', () => {
    const face = mesh(100, 100, at(94, 96), at(106, 96));
    const points = faceFromMesh({ ...face, mesh: face.mesh.slice(0, 468) });
    expect(points[68].visible).toBe(false);
    expect(points.slice(0, 68).every((p) => p.visible)).toBe(true);
  });
});

describe('giving faces and hands to people', () => {
  const two = (): Person[] => peopleFromBodies([cocoPerson(100), cocoPerson(400)]);

  it('gives each face to the person whose head is nearest, and none to a far face', () => {
    const faces = [mesh(402, 52, at(396, 48), at(408, 48)), mesh(98, 49, at(92, 45), at(104, 45)), mesh(250, 300, at(244, 296), at(256, 296))];
    expect(assignFaces(two(), faces).map((f) => [f.person, Math.round(f.keypoints[68].x)])).toEqual([
      [1, 396],
      [0, 92],
    ]);
    const people = withFaces(two(), faces);
    expect(people.map((p) => p.face?.length)).toEqual([70, 70]);
  });

  it("gives each hand to the nearest body wrist; its side is that wrist's side", () => {
    // Person 0's left wrist is at (145, 220), right wrist at (55, 220).
    const found = assignHands(two(), [hand(146, 222), hand(54, 219), hand(445, 221)]);
    expect(found.map((h) => [h.person, h.side])).toEqual([
      [1, 'left'],
      [0, 'right'],
      [0, 'left'],
    ]);
    const people = withHands(two(), [hand(146, 222)]);
    expect(people[0].leftHand?.[0]).toEqual({ x: 146, y: 222, visible: true });
    expect(people[0].rightHand).toBeUndefined();
  });

  it('counts a hand found twice once, keeping the surer copy', () => {
    const found = assignHands(two(), [hand(146, 222, 0.7), hand(147, 222, 0.95)]);
    expect(found).toHaveLength(1);
    expect(found[0].keypoints[0].x).toBe(147);
  });

  it('leaves a hand far from every wrist, or at a hidden wrist, unassigned', () => {
    expect(assignHands(two(), [hand(250, 40)])).toEqual([]);
    const people = two();
    people[0].body[BODY.left_wrist].visible = false;
    expect(assignHands(people, [hand(146, 222)])).toEqual([]);
  });
});

describe("the result in the photo's pixels", () => {
  it('scales from the image the models saw to the photo, rounds, and hides points outside the photo', () => {
    const [person] = peopleFromBodies([cocoPerson(100)]);
    person.body[BODY.right_ankle] = { x: 80, y: 500, visible: true }; // below a 480-high picture
    const doc = toPhotoDocument([person], { width: 320, height: 480 }, { width: 1000, height: 1500 });
    expect([doc.canvas_width, doc.canvas_height]).toEqual([1000, 1500]);
    expect(doc.people[0].body[BODY.nose]).toEqual({ x: 312.5, y: 156.25, visible: true });
    expect(doc.people[0].body[BODY.right_ankle].visible).toBe(false);
    const json = toOpenPoseJson(doc);
    expect(json.people[0].pose_keypoints_2d.slice(0, 3)).toEqual([312.5, 156.25, 1]);
    expect(json.people[0].pose_keypoints_2d.slice(3 * BODY.right_ankle, 3 * BODY.right_ankle + 3)).toEqual([0, 0, 0]);
    expect(json.people[0]).not.toHaveProperty('face_keypoints_2d');
    expect(json.animals).toEqual([]);
  });
});
