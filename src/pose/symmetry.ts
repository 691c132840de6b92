import { BODY, BODY_KEYPOINT_NAMES, BODY_MIRROR } from './bodyTopology.js';
import { FACE_MIRROR } from './faceTopology.js';
import { FOOT_KEYPOINT_NAMES, FOOT_MIRROR } from './footTopology.js';
import { movedKeypoint } from './pointMaps.js';
import type { HandSide, Keypoint, Person, Vec2 } from './types.js';
import { distance } from './geometry.js';

/** A mirror line: a point on it and its unit direction. */
export interface Axis {
  origin: Vec2;
  direction: Vec2;
}

const vertical = (x: number): Axis => ({ origin: { x, y: 0 }, direction: { x: 0, y: 1 } });

function lineThrough(a: Vec2, b: Vec2): Axis | null {
  const length = distance(a, b);
  return length > 1e-6 ? { origin: a, direction: { x: (b.x - a.x) / length, y: (b.y - a.y) / length } } : null;
}

const meanX = (points: readonly Keypoint[]) => {
  const shown = points.filter((p) => p.visible);
  return shown.length ? shown.reduce((s, p) => s + p.x, 0) / shown.length : 0;
};

/** The body's mirror line: neck to mid-hip, else vertical through the neck, else through the mean x. */
export function bodyAxis(body: readonly Keypoint[]): Axis {
  const [neck, rHip, lHip] = [body[BODY.neck], body[BODY.right_hip], body[BODY.left_hip]];
  if (neck?.visible && rHip?.visible && lHip?.visible) {
    const axis = lineThrough(neck, { x: (rHip.x + lHip.x) / 2, y: (rHip.y + lHip.y) / 2 });
    if (axis) return axis;
  }
  return vertical(neck?.visible ? neck.x : meanX(body));
}

/** The face's mirror line: top of the nose bridge (27) to the chin (8), else vertical through its mean x. */
export function faceAxis(face: readonly Keypoint[]): Axis {
  const [bridge, chin] = [face[27], face[8]];
  return (bridge?.visible && chin?.visible && lineThrough(bridge, chin)) || vertical(meanX(face));
}

/** Reflects a point across an axis. */
export function reflectAcross(p: Vec2, axis: Axis): Vec2 {
  const { origin: o, direction: d } = axis;
  const along = (p.x - o.x) * d.x + (p.y - o.y) * d.y;
  const [fx, fy] = [o.x + d.x * along, o.y + d.y * along];
  return { x: 2 * fx - p.x, y: 2 * fy - p.y };
}

/** Moves point `index` to `to` and its mirror partner (if any) to the reflection of `to` across the axis. */
export function moveSymmetric(points: readonly Keypoint[], index: number, to: Vec2, mirror: readonly number[], axis: Axis): Keypoint[] {
  const next = points.slice();
  next[index] = { ...points[index], x: to.x, y: to.y, visible: points[index]?.visible ?? true };
  const partner = mirror[index] ?? index;
  if (partner !== index && next[partner]) next[partner] = { ...next[partner], ...reflectAcross(to, axis) };
  return next;
}

const reflectPoint = (p: Keypoint, axis: Axis): Keypoint => movedKeypoint(p, (q) => reflectAcross(q, axis));

// In every FACE_MIRROR pair the lower index is on the person's right (the image left).
function mirrorFace(face: readonly Keypoint[], from: HandSide): Keypoint[] {
  const axis = faceAxis(face);
  const next = face.slice();
  FACE_MIRROR.forEach((partner, i) => {
    const source = from === 'right' ? Math.min(i, partner) : Math.max(i, partner);
    if (partner !== i && source === i && face[i]) next[partner] = reflectPoint(face[i], axis);
  });
  return next;
}

/** The person with its `from` side (its own left or right) reflected onto the other side: arm, leg, foot, eye, ear, hand and half the face. */
export function mirrorPersonSide(person: Person, from: HandSide): Person {
  const axis = bodyAxis(person.body);
  const body = person.body.slice();
  BODY_KEYPOINT_NAMES.forEach((name, i) => {
    const partner = BODY_MIRROR[i] ?? i;
    if (partner !== i && name.startsWith(`${from}_`) && person.body[i]) body[partner] = reflectPoint(person.body[i], axis);
  });
  const feet = person.feet?.slice();
  FOOT_KEYPOINT_NAMES.forEach((name, i) => {
    const partner = FOOT_MIRROR[i] ?? i;
    if (feet && name.startsWith(`${from}_`) && person.feet?.[i]) feet[partner] = reflectPoint(person.feet[i], axis);
  });
  const source = from === 'left' ? person.leftHand : person.rightHand;
  const mirroredHand = source?.map((p) => reflectPoint(p, axis));
  return {
    body,
    leftHand: from === 'right' && mirroredHand ? mirroredHand : person.leftHand,
    rightHand: from === 'left' && mirroredHand ? mirroredHand : person.rightHand,
    face: person.face ? mirrorFace(person.face, from) : undefined,
    ...(feet ? { feet } : {}),
  };
}
