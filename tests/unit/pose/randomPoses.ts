// Random poses the skeleton reader was not tuned on: people in any posture, arms crossing the
// body and each other, limbs running off the canvas, hands in any turn with fingers bent so their
// dots pile up, sometimes a face over them. Drawn by the project's ControlNet-exact renderer.
import {
  attachDefaultFace,
  BODY,
  BODY_KEYPOINT_COUNT,
  rasterizeOpenPose,
  type Keypoint,
  type Person,
  type PoseDocument,
  type Vec2,
} from '../../../src/pose/index.js';
import { seededRandom } from '../../../src/pose/seededRandom.js';
import { HAND_TEMPLATE } from '../../../src/pose/templates.js';

type Random = () => number;
const between = (random: Random, lo: number, hi: number) => lo + (hi - lo) * random();
const at = (from: Vec2, angle: number, length: number): Vec2 => ({ x: from.x + Math.cos(angle) * length, y: from.y + Math.sin(angle) * length });
const point = (p: Vec2): Keypoint => ({ x: p.x, y: p.y, visible: true });
const DOWN = Math.PI / 2;

// A body `height` pixels from head to ankle around `neck`, the torso leaning, arms in any direction
// (each forearm bent either way), legs roughly down.
function randomBody(random: Random, neck: Vec2, height: number): Keypoint[] {
  const lean = between(random, -0.5, 0.5);
  const up = -DOWN + lean;
  const across = lean;
  const body: Vec2[] = Array.from({ length: BODY_KEYPOINT_COUNT }, () => neck);
  body[BODY.neck] = neck;
  const head = at(neck, up + between(random, -0.3, 0.3), 0.12 * height);
  body[BODY.nose] = head;
  const face = between(random, -0.6, 0.6);
  for (const [joint, side, reach] of [
    [BODY.right_eye, -1, 0.03],
    [BODY.left_eye, 1, 0.03],
    [BODY.right_ear, -1, 0.065],
    [BODY.left_ear, 1, 0.065],
  ] as const) {
    body[joint] = at(at(head, up, 0.025 * height), across + face + (side < 0 ? Math.PI : 0), reach * height);
  }
  const arms = [
    [BODY.right_shoulder, BODY.right_elbow, BODY.right_wrist, -1],
    [BODY.left_shoulder, BODY.left_elbow, BODY.left_wrist, 1],
  ] as const;
  for (const [shoulderJoint, elbowJoint, wristJoint, side] of arms) {
    const shoulder = at(neck, across + (side < 0 ? Math.PI : 0), between(random, 0.08, 0.13) * height);
    const upper = between(random, 0, 2 * Math.PI);
    const elbow = at(shoulder, upper, between(random, 0.13, 0.19) * height);
    body[shoulderJoint] = shoulder;
    body[elbowJoint] = elbow;
    body[wristJoint] = at(elbow, upper + between(random, -2.6, 2.6), between(random, 0.12, 0.17) * height);
  }
  const pelvis = at(neck, DOWN + lean, 0.3 * height);
  const legs = [
    [BODY.right_hip, BODY.right_knee, BODY.right_ankle, -1],
    [BODY.left_hip, BODY.left_knee, BODY.left_ankle, 1],
  ] as const;
  for (const [hipJoint, kneeJoint, ankleJoint, side] of legs) {
    const hip = at(pelvis, across + (side < 0 ? Math.PI : 0), between(random, 0.05, 0.08) * height);
    const thigh = DOWN + lean + between(random, -0.9, 0.9);
    const knee = at(hip, thigh, between(random, 0.2, 0.26) * height);
    body[hipJoint] = hip;
    body[kneeJoint] = knee;
    body[ankleJoint] = at(knee, thigh + between(random, -1.2, 1.2), between(random, 0.2, 0.26) * height);
  }
  return body.map(point);
}

// A hand at the wrist, turned within a quarter turn of its forearm, palm or back to the viewer,
// each finger bent at its joints (so its dots may pile up) and foreshortened a little.
function randomHand(random: Random, elbow: Vec2, wrist: Vec2): Keypoint[] {
  const forearm = Math.hypot(wrist.x - elbow.x, wrist.y - elbow.y);
  const length = forearm * between(random, 0.55, 0.95);
  const turn = Math.atan2(wrist.y - elbow.y, wrist.x - elbow.x) + between(random, -0.8, 0.8);
  const side = random() < 0.5 ? 1 : -1;
  const place = ([u, v]: readonly [number, number]): Vec2 => ({
    x: wrist.x + (Math.cos(turn) * u - Math.sin(turn) * side * v) * length,
    y: wrist.y + (Math.sin(turn) * u + Math.cos(turn) * side * v) * length,
  });
  const hand: Vec2[] = [wrist];
  for (let f = 0; f < 5; f++) {
    const template = [0, 1, 2, 3].map((j) => HAND_TEMPLATE[1 + 4 * f + j] ?? [0, 0]);
    const curl = between(random, -0.15, 0.7) * side;
    const shorten = between(random, 0.6, 1);
    let joint = place(template[0] as readonly [number, number]);
    hand.push(joint);
    for (let j = 1; j < 4; j++) {
      const [a, b] = [place(template[j - 1] as readonly [number, number]), place(template[j] as readonly [number, number])];
      const bone = Math.hypot(b.x - a.x, b.y - a.y) * shorten;
      joint = at(joint, Math.atan2(b.y - a.y, b.x - a.x) + curl * j, bone);
      hand.push(joint);
    }
  }
  return hand.map(point);
}

/** One random person (body, mostly with hands, sometimes a face) whose head-to-ankle height is `height`, neck at `neck`. */
export function randomPerson(random: Random, neck: Vec2, height: number): Person {
  const body = randomBody(random, neck, height);
  const person: Person = { body };
  const arm = (elbow: number, wrist: number) => randomHand(random, body[elbow] as Vec2, body[wrist] as Vec2);
  if (random() < 0.85) person.leftHand = arm(BODY.left_elbow, BODY.left_wrist);
  if (random() < 0.85) person.rightHand = arm(BODY.right_elbow, BODY.right_wrist);
  return random() < 0.4 ? attachDefaultFace(person) : person;
}

/** A random document: a canvas of 400 to 800 px a side holding one to three people, some partly off it, their limbs free to cross. */
export function randomPoseDocument(seed: number): PoseDocument {
  const random = seededRandom(seed);
  const [width, height] = [Math.round(between(random, 400, 800)), Math.round(between(random, 400, 800))];
  const count = 1 + Math.floor(random() * 3);
  const people = Array.from({ length: count }, () => {
    const tall = between(random, 0.5, 1.3) * height;
    // The neck anywhere over the canvas and a little past it: arms and legs run off the edges.
    const neck = { x: between(random, -0.05, 1.05) * width, y: between(random, 0.05, 0.6) * height };
    return randomPerson(random, neck, tall);
  });
  return { canvas_width: width, canvas_height: height, people, animals: [] };
}

/** A document drawn as ControlNet draws it (sd15), as the RGBA pixels the reader takes. */
export function drawDocument(doc: PoseDocument): { width: number; height: number; data: Uint8ClampedArray } {
  const image = { width: doc.canvas_width, height: doc.canvas_height, data: new Uint8ClampedArray(doc.canvas_width * doc.canvas_height * 4) };
  rasterizeOpenPose(doc, image);
  return image;
}
