import { BODY } from '../bodyTopology.js';
import type { Keypoint, Person, Vec3 } from '../types.js';
import type { HandSets } from './handsBehind.js';

/** Points of a person by part: which indices of each list. */
export interface PointSets extends HandSets {
  body?: number[] | undefined;
  face?: number[] | undefined;
}

const HEAD = [BODY.nose, BODY.right_eye, BODY.left_eye, BODY.right_ear, BODY.left_ear];
const at = (p: Keypoint): Vec3 => ({ x: p.x, y: p.y, z: p.z ?? 0 });
const minus = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const mean = (ps: readonly Vec3[]): Vec3 => {
  const s = ps.reduce((t, p) => ({ x: t.x + p.x, y: t.y + p.y, z: t.z + p.z }), { x: 0, y: 0, z: 0 });
  return { x: s.x / ps.length, y: s.y / ps.length, z: s.z / ps.length };
};
// Pointing away from the viewer by more than the angle whose cosine this is (z toward the viewer).
const pointsAway = (d: Vec3, cosine: number) => d.z < -cosine * Math.hypot(d.x, d.y, d.z);

// The face looks away once it is turned well past a profile (an estimator still finds a nose in profile).
const FACE_AWAY = 0.25;
// An eye or ear is lost once it points more than about 45 degrees behind the head's centre, as the far one in a profile.
const SIDE_AWAY = 0.7;

/**
 * The head points an estimator would not report for this 3D pose: the nose, eyes and face when the
 * face looks away from the viewer, and an eye or ear on the far side of the head. Needs depth.
 */
export function facingAwayPoints(person: Person): PointSets {
  const body = person.body;
  const headPoints = HEAD.map((i) => body[i]).filter((p): p is Keypoint => !!p && (p.visible || p.x !== 0 || p.y !== 0));
  const nose = body[BODY.nose];
  if (headPoints.length < 2 || !nose) return {};
  const centre = mean(headPoints.map(at));
  const ears = [body[BODY.right_ear], body[BODY.left_ear]].filter((p): p is Keypoint => !!p);
  const back = ears.length === 2 ? mean(ears.map(at)) : body[BODY.neck] ? at(body[BODY.neck]) : centre;
  const faceAway = pointsAway(minus(at(nose), back), FACE_AWAY);
  const hidden = new Set<number>(faceAway ? [BODY.nose, BODY.right_eye, BODY.left_eye] : []);
  for (const i of [BODY.right_eye, BODY.left_eye, BODY.right_ear, BODY.left_ear]) {
    const p = body[i];
    if (p && pointsAway(minus(at(p), centre), SIDE_AWAY)) hidden.add(i);
  }
  return {
    body: [...hidden].sort((a, b) => a - b),
    ...(faceAway && person.face ? { face: person.face.map((_, i) => i) } : {}),
  };
}
