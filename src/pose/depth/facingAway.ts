import { BODY } from '../bodyTopology.js';
import { mean3, minus3, pointIn3d } from '../geometry3d.js';
import type { Keypoint, Person, Vec3 } from '../types.js';
import type { HandSets } from './handsBehind.js';

/** Points of a person by part: which indices of each list. */
export interface PointSets extends HandSets {
  body?: number[] | undefined;
  face?: number[] | undefined;
}

const HEAD = [BODY.nose, BODY.right_eye, BODY.left_eye, BODY.right_ear, BODY.left_ear];
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
  const centre = mean3(headPoints.map(pointIn3d));
  const ears = [body[BODY.right_ear], body[BODY.left_ear]].filter((p): p is Keypoint => !!p);
  const back = ears.length === 2 ? mean3(ears.map(pointIn3d)) : body[BODY.neck] ? pointIn3d(body[BODY.neck]) : centre;
  const faceAway = pointsAway(minus3(pointIn3d(nose), back), FACE_AWAY);
  const hidden = new Set<number>(faceAway ? [BODY.nose, BODY.right_eye, BODY.left_eye] : []);
  for (const i of [BODY.right_eye, BODY.left_eye, BODY.right_ear, BODY.left_ear]) {
    const p = body[i];
    if (p && pointsAway(minus3(pointIn3d(p), centre), SIDE_AWAY)) hidden.add(i);
  }
  return {
    body: [...hidden].sort((a, b) => a - b),
    ...(faceAway && person.face ? { face: person.face.map((_, i) => i) } : {}),
  };
}
