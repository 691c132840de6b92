import { BODY } from '../bodyTopology.js';
import type { Keypoint, Person } from '../types.js';
import { DEPTH_BONES, type DepthBone } from './bones3d.js';
import { personHasDepth } from './hasDepth.js';

const shown = (p: Keypoint | undefined): p is Keypoint => !!p && p.visible;

function pointOf(person: Person, ref: DepthBone['from'] | DepthBone['to']): Keypoint | undefined {
  return ref.part === 'body' ? person.body[ref.index] : person.feet?.[ref.index];
}

function drawnLength(person: Person, bone: DepthBone): number | undefined {
  const [a, b] = [pointOf(person, bone.from), pointOf(person, bone.to)];
  return shown(a) && shown(b) ? Math.hypot(b.x - a.x, b.y - a.y) : undefined;
}

// The upper median of drawn length / template length over the shown bones that measure (or not).
function medianRatio(person: Person, measuring: boolean): number {
  const ratios: number[] = [];
  for (const bone of DEPTH_BONES) {
    const drawn = bone.measures === measuring ? drawnLength(person, bone) : undefined;
    if (drawn !== undefined) ratios.push(drawn / bone.length);
  }
  ratios.sort((p, q) => p - q);
  return ratios[Math.floor(ratios.length / 2)] ?? 0;
}

/**
 * A person's scale, drawn pixels per template unit: the upper median over their shown limbs and
 * torso of drawn length / template length (0 when none is shown). The median, not the largest: a
 * flung or stretched limb does not swell the whole body, and a foreshortened one lowers only its own ratio.
 */
export function medianLimbScale(person: Person): number {
  return medianRatio(person, true);
}

// The scale the depth estimate takes: from the limbs, else from any bone shown (a head alone).
function personScale(person: Person): number {
  return medianLimbScale(person) || medianRatio(person, false);
}

// +1 when the person faces the viewer: their right side (shoulder, hip, eye) on the image left.
function facing(body: readonly Keypoint[]): number {
  for (const [right, left] of [
    [BODY.right_shoulder, BODY.left_shoulder],
    [BODY.right_hip, BODY.left_hip],
    [BODY.right_eye, BODY.left_eye],
  ] as const) {
    const [r, l] = [body[right], body[left]];
    if (shown(r) && shown(l) && r.x !== l.x) return r.x < l.x ? 1 : -1;
  }
  return 1;
}

// In a front view and a back view alike, the right shoulder
// comes toward the viewer when the nose (or the ears' middle) stands right of the neck on the image.
function rightShoulderSide(body: readonly Keypoint[]): number {
  const neck = body[BODY.neck];
  if (!shown(neck)) return 1;
  const nose = body[BODY.nose];
  const ears = [body[BODY.right_ear], body[BODY.left_ear]].filter(shown);
  const headX = shown(nose) ? nose.x : ears.length ? ears.reduce((s, p) => s + p.x, 0) / ears.length : neck.x;
  return headX < neck.x ? -1 : 1;
}

// Shoulders drawn closer together than this share of the spine's drawn length: a side view.
const PROFILE_SHOULDERS = 0.3;

// Whether the person is seen from the side: both shoulders shown, nearly one behind the other.
function inProfile(body: readonly Keypoint[]): boolean {
  const [r, l, neck] = [body[BODY.right_shoulder], body[BODY.left_shoulder], body[BODY.neck]];
  const hips = [body[BODY.right_hip], body[BODY.left_hip]].filter(shown);
  if (!shown(r) || !shown(l) || !shown(neck) || !hips.length) return false;
  const pelvis = { x: hips.reduce((s, p) => s + p.x, 0) / hips.length, y: hips.reduce((s, p) => s + p.y, 0) / hips.length };
  return Math.hypot(r.x - l.x, r.y - l.y) < PROFILE_SHOULDERS * Math.hypot(pelvis.x - neck.x, pelvis.y - neck.y);
}

const ARM_JOINTS: readonly number[] = [BODY.right_elbow, BODY.right_wrist, BODY.left_elbow, BODY.left_wrist];

// Seen from the side, which way the person faces says nothing of an arm's depth: an arm drawn reaching
// (toward someone, or across in front of the body) is one the viewer sees, so it comes toward the viewer.
function boneSign(bone: DepthBone, front: number, rightSide: number, profile: boolean): number {
  if (bone.side === 'front' && profile && bone.to.part === 'body' && ARM_JOINTS.includes(bone.to.index)) return 1;
  if (bone.side === 'front') return front;
  if (bone.side === 'back') return -front;
  return bone.to.index === BODY.right_shoulder ? rightSide : -rightSide;
}

const withZ = (points: readonly Keypoint[], z: (i: number) => number): Keypoint[] => points.map((p, i) => ({ ...p, z: z(i) }));

/**
 * A plausible depth for every point of a person, from their proportions: the neck is at depth 0 and
 * each bone drawn shorter than its length (from the person's own scale) reaches the missing length
 * in depth, dz = sqrt(L^2 - l^2), toward the side its joint can bend (an arm of a person seen from
 * the side toward the viewer, whichever way they face). Hands take their wrist's depth,
 * the face its nose's. The drawing (x, y, visibility) is unchanged.
 */
export function estimatePersonDepth(person: Person): Person {
  const scale = personScale(person);
  const [front, rightSide, profile] = [facing(person.body), rightShoulderSide(person.body), inProfile(person.body)];
  const bodyZ: number[] = person.body.map(() => 0);
  const feetZ: number[] = (person.feet ?? []).map(() => 0);
  for (const bone of DEPTH_BONES) {
    const drawn = drawnLength(person, bone);
    const length = scale * bone.length;
    const dz = drawn === undefined ? 0 : Math.sqrt(Math.max(0, length * length - drawn * drawn));
    const z = (bodyZ[bone.from.index] ?? 0) + boneSign(bone, front, rightSide, profile) * dz;
    if (bone.to.part === 'body') bodyZ[bone.to.index] = z;
    else if (bone.to.index < feetZ.length) feetZ[bone.to.index] = z;
  }
  const at = (index: number) => () => bodyZ[index] ?? 0;
  const next: Person = { ...person, body: withZ(person.body, (i) => bodyZ[i] ?? 0) };
  if (person.rightHand) next.rightHand = withZ(person.rightHand, at(BODY.right_wrist));
  if (person.leftHand) next.leftHand = withZ(person.leftHand, at(BODY.left_wrist));
  if (person.face) next.face = withZ(person.face, at(BODY.nose));
  if (person.feet) next.feet = withZ(person.feet, (i) => feetZ[i] ?? 0);
  return next;
}

/** The person as it is when it carries depth; otherwise with a plausible one (estimatePersonDepth). */
export function withPlausibleDepth(person: Person): Person {
  return personHasDepth(person) ? person : estimatePersonDepth(person);
}
