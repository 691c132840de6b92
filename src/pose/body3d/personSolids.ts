import { BODY, BODY_LIMBS } from '../bodyTopology.js';
import { estimatePersonDepth, medianLimbScale } from '../depth/estimateDepth.js';
import { FOOT_LIMBS } from '../footTopology.js';
import { HAND_EDGES } from '../handTopology.js';
import { distance3, mean3, mix3 } from '../geometry3d.js';
import type { Keypoint, Person, Vec3 } from '../types.js';
import type { Ellipsoid, Solid } from './shapes.js';

/** Maps a document point (x, y, z) to output pixels, z scaled as the image is. */
export type ToOutput = (p: Keypoint) => Vec3;

/** The smallest radii (output pixels) that still cover what the OpenPose drawing draws there. */
export interface MinimumRadii {
  /** Body and foot limbs: ControlNet's stick half-width plus a pixel for its integer rounding. */
  limb: number;
  /** Hand bones: the drawn hand lines are 2 px wide. */
  finger: number;
}

// Half-thicknesses in the body template's units (eyes to ankles is 100, about 1.55 cm each),
// from adult averages. The neck-to-hip limbs are left at the drawing's stick: the chest and the
// torso's sides hold them.
const LIMB_RADIUS: ReadonlyMap<string, number> = new Map([
  [`${BODY.right_shoulder}-${BODY.right_elbow}`, 2.8],
  [`${BODY.left_shoulder}-${BODY.left_elbow}`, 2.8],
  [`${BODY.right_elbow}-${BODY.right_wrist}`, 2.2],
  [`${BODY.left_elbow}-${BODY.left_wrist}`, 2.2],
  [`${BODY.right_hip}-${BODY.right_knee}`, 4.5],
  [`${BODY.left_hip}-${BODY.left_knee}`, 4.5],
  [`${BODY.right_knee}-${BODY.right_ankle}`, 3],
  [`${BODY.left_knee}-${BODY.left_ankle}`, 3],
  [`${BODY.neck}-${BODY.right_shoulder}`, 4],
  [`${BODY.neck}-${BODY.left_shoulder}`, 4],
]);
// The torso's sides, which the drawing leaves open, start inside the shoulder (the upper arm is
// beside the chest, not in it): this share of the way from the shoulder to the neck.
const TORSO_SIDES: ReadonlyArray<readonly [number, number]> = [
  [BODY.right_shoulder, BODY.right_hip],
  [BODY.left_shoulder, BODY.left_hip],
];
const SIDE_INSET = 0.35;
const SIDE_RADIUS = 4;
const HIPS_RADIUS = 5.5;
const CHEST_RADIUS = 7;
const HEAD_RADII = { x: 5.5, y: 7, z: 6.5 };
const FOOT_RADIUS = 2.2;
// A hand is about 12 template units long; a finger's half-thickness is 0.045 of it, the palm's 0.07.
const HAND_LENGTH = 12;
const FINGER_SHARE = 0.045;
const PALM_SHARE = 0.07;
const HEAD_POINTS = [BODY.nose, BODY.right_eye, BODY.left_eye, BODY.right_ear, BODY.left_ear];
const NECK_RADIUS = 3.2;
const isFaceLimb = ([a, b]: readonly [number, number]) => HEAD_POINTS.includes(b) && (HEAD_POINTS.includes(a) || a === BODY.neck);
// The drawn limbs from the neck to the nose and among the face points.
const FACE_LIMBS = BODY_LIMBS.filter(isFaceLimb);
const TRUNK_AND_LIMBS = BODY_LIMBS.filter((limb) => !isFaceLimb(limb));

const shown = (p: Keypoint | undefined): p is Keypoint => !!p?.visible;

// Every point with a depth: its own, else the plausible one.
function withDepth(person: Person): Person {
  const estimate = estimatePersonDepth(person);
  const fill = (own: Keypoint[] | undefined, guess: Keypoint[] | undefined) => own?.map((p, i) => (p.z === undefined ? { ...p, z: guess?.[i]?.z ?? 0 } : p));
  return {
    body: fill(person.body, estimate.body) ?? [],
    leftHand: fill(person.leftHand, estimate.leftHand),
    rightHand: fill(person.rightHand, estimate.rightHand),
    face: undefined,
    feet: fill(person.feet, estimate.feet),
  };
}

// The head's ellipsoid around the shown face points, or null when none is shown.
function headShape(body: readonly Keypoint[], to: ToOutput, unit: number): Ellipsoid | null {
  const points = HEAD_POINTS.map((i) => body[i])
    .filter(shown)
    .map(to);
  if (points.length === 0 || unit <= 0) return null;
  const radii = { x: HEAD_RADII.x * unit, y: HEAD_RADII.y * unit, z: HEAD_RADII.z * unit };
  const centre = mean3(points);
  // Nose and eyes sit on the face, in front of the head's middle and a little below it.
  return { kind: 'ellipsoid', centre: { x: centre.x, y: centre.y - 0.15 * radii.y, z: centre.z - 0.5 * radii.z }, radii };
}

// The head, its neck (halfway to the head's middle, so it stays under the chin) and the drawing's
// face limbs set at the head's middle depth, inside it: they cover the drawn sticks without
// poking out of the face.
function headSolids(body: readonly Keypoint[], to: ToOutput, unit: number, min: number): Solid[] {
  const head = headShape(body, to, unit);
  const neck = body[BODY.neck];
  const inside = (k: Keypoint): Vec3 => ({ ...to(k), z: head?.centre.z ?? to(k).z });
  const solids: Solid[] = [];
  for (const [a, b] of FACE_LIMBS) {
    const [p, q] = [body[a], body[b]];
    if (shown(p) && shown(q)) solids.push({ kind: 'capsule', a: inside(p), b: inside(q), radius: min });
  }
  if (!head) return solids;
  if (shown(neck)) solids.push({ kind: 'capsule', a: to(neck), b: mix3(to(neck), head.centre, 0.5), radius: NECK_RADIUS * unit });
  return [...solids, head];
}

function torsoSolids(body: readonly Keypoint[], to: ToOutput, u: number, min: number): Solid[] {
  const solids: Solid[] = [];
  const neck = body[BODY.neck];
  for (const [shoulder, hip] of TORSO_SIDES) {
    const [s, h] = [body[shoulder], body[hip]];
    if (!shown(s) || !shown(h)) continue;
    const top = shown(neck) ? mix3(to(s), to(neck), SIDE_INSET) : to(s);
    solids.push({ kind: 'capsule', a: top, b: to(h), radius: Math.max(min, SIDE_RADIUS * u) });
  }
  const [rightHip, leftHip] = [body[BODY.right_hip], body[BODY.left_hip]];
  solids.push(...capsule(rightHip, leftHip, to, Math.max(min, HIPS_RADIUS * u)));
  if (shown(neck) && shown(rightHip) && shown(leftHip)) {
    const hips = mix3(to(rightHip), to(leftHip), 0.5);
    // The chest's middle starts a little below the neck point, so it does not rise above the shoulders.
    const chestTop = mix3(to(neck), hips, 0.2);
    const radius = Math.min(CHEST_RADIUS * u, distance3(chestTop, hips) / 2);
    solids.push({ kind: 'capsule', a: chestTop, b: hips, radius: Math.max(min, radius) });
  }
  return solids;
}

function handSolids(hand: readonly Keypoint[] | undefined, to: ToOutput, unit: number, min: number): Solid[] {
  if (!hand) return [];
  const length = unit > 0 ? HAND_LENGTH * unit : 0;
  const solids: Solid[] = [];
  for (const [a, b] of HAND_EDGES) {
    const [p, q] = [hand[a], hand[b]];
    if (!shown(p) || !shown(q)) continue;
    const share = a === 0 ? PALM_SHARE : FINGER_SHARE;
    solids.push({ kind: 'capsule', a: to(p), b: to(q), radius: Math.max(min, share * length) });
  }
  const [index, little] = [hand[5], hand[17]];
  if (shown(index) && shown(little)) solids.push({ kind: 'capsule', a: to(index), b: to(little), radius: Math.max(min, PALM_SHARE * length) });
  return solids;
}

function capsule(a: Keypoint | undefined, b: Keypoint | undefined, to: ToOutput, radius: number): Solid[] {
  return shown(a) && shown(b) ? [{ kind: 'capsule', a: to(a), b: to(b), radius }] : [];
}

/**
 * The solids of one person's 3D body in output pixels: a capsule on every drawn limb (never thinner
 * than the drawing's stick), the torso's sides and middle, a head ellipsoid, feet, and each hand's
 * bones. Points without depth take the plausible one. `unit` is output pixels per canvas pixel.
 */
export function personSolids(person: Person, to: ToOutput, unit: number, min: MinimumRadii): Solid[] {
  const deep = withDepth(person);
  const body = deep.body;
  const u = medianLimbScale(deep) * unit;
  const solids: Solid[] = [];
  for (const [a, b] of TRUNK_AND_LIMBS) solids.push(...capsule(body[a], body[b], to, Math.max(min.limb, (LIMB_RADIUS.get(`${a}-${b}`) ?? 0) * u)));
  solids.push(...torsoSolids(body, to, u, min.limb));
  if (deep.feet) for (const [ankle, foot] of FOOT_LIMBS) solids.push(...capsule(body[ankle], deep.feet[foot], to, Math.max(min.limb, FOOT_RADIUS * u)));
  solids.push(...headSolids(body, to, u, min.limb));
  solids.push(...handSolids(deep.leftHand, to, u, min.finger), ...handSolids(deep.rightHand, to, u, min.finger));
  return solids;
}
