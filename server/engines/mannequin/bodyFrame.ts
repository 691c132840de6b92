import { BODY, type Keypoint, type Person, type Vec2 } from '../../../src/pose/index.js';

/** What the drawing needs to know about one person: visible points, size and orientation. */
export interface BodyFrame {
  /** A body point if it is visible. */
  at(index: number): Vec2 | null;
  /** Body unit: about the neck-to-hips length, in pixels; every thickness is a share of it. */
  unit: number;
  /** Unit vector from the neck down the spine. */
  down: Vec2;
  midHip: Vec2 | null;
  /** The side turned away from the viewer (drawn behind the torso), or null when facing or back-on. */
  farSide: 'left' | 'right' | null;
  /** -1 or 1: where the toes point, from which way the face turns. */
  facing: number;
  /** Lowest visible point: where the floor shadow goes. */
  feet: Vec2 | null;
  /** Half the width of the visible points. */
  halfWidth: number;
}

export const dist = (a: Vec2, b: Vec2) => Math.hypot(a.x - b.x, a.y - b.y);
export const midpoint = (a: Vec2, b: Vec2): Vec2 => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

function average(points: Vec2[]): Vec2 | null {
  if (!points.length) return null;
  return { x: points.reduce((s, p) => s + p.x, 0) / points.length, y: points.reduce((s, p) => s + p.y, 0) / points.length };
}

/** Reads a person's frame from its body points (hidden points are ignored). */
export function bodyFrame(person: Person): BodyFrame {
  const at = (i: number): Keypoint | null => (person.body[i]?.visible ? person.body[i] : null);
  const visible = person.body.filter((k) => k.visible);
  const neck = at(BODY.neck);
  const midHip = average([at(BODY.right_hip), at(BODY.left_hip)].filter((p): p is Keypoint => p !== null));
  const shoulders = [at(BODY.right_shoulder), at(BODY.left_shoulder)];
  const ys = visible.map((k) => k.y);
  const xs = visible.map((k) => k.x);
  const spanY = ys.length ? Math.max(...ys) - Math.min(...ys) : 0;
  let unit = spanY / 3;
  if (neck && midHip) unit = dist(neck, midHip);
  else if (shoulders[0] && shoulders[1]) unit = dist(shoulders[0], shoulders[1]) * 1.3;
  unit = Math.max(unit, 8);
  const spine = neck && midHip ? { x: midHip.x - neck.x, y: midHip.y - neck.y } : { x: 0, y: 1 };
  const length = Math.hypot(spine.x, spine.y) || 1;
  const rightEar = at(BODY.right_ear);
  const leftEar = at(BODY.left_ear);
  const nose = at(BODY.nose);
  const turn = nose && neck ? nose.x - neck.x : 0;
  const lowest = visible.reduce<Keypoint | null>((low, k) => (!low || k.y > low.y ? k : low), null);
  return {
    at,
    unit,
    down: { x: spine.x / length, y: spine.y / length },
    midHip,
    farSide: rightEar && !leftEar ? 'left' : leftEar && !rightEar ? 'right' : null,
    facing: Math.abs(turn) > unit * 0.05 ? Math.sign(turn) : 0,
    feet: lowest,
    halfWidth: xs.length ? Math.max((Math.max(...xs) - Math.min(...xs)) / 2, unit * 0.5) : unit * 0.5,
  };
}
