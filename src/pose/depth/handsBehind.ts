import { BODY } from '../bodyTopology.js';
import { pointIn3d } from '../geometry3d.js';
import type { Keypoint, Person, Vec3 } from '../types.js';

/** Hand points by hand: which indices of each hand's list. */
export interface HandSets {
  rightHand?: number[] | undefined;
  leftHand?: number[] | undefined;
}

// The torso quad in drawing order around its outline.
const TORSO = [BODY.right_shoulder, BODY.left_shoulder, BODY.left_hip, BODY.right_hip];
// The torso's 2D outline is widened about its centre by this much, as the flesh reaches past the joints.
const WIDEN = 1.15;

const placed = (p: Keypoint | undefined): p is Keypoint => !!p && (p.visible || p.x !== 0 || p.y !== 0);
const cross = (o: Vec3, a: Vec3, b: { x: number; y: number }) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

// Whether a 2D point lies inside a convex-or-not polygon (even-odd rule).
function inside(polygon: readonly Vec3[], p: { x: number; y: number }): boolean {
  let within = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [a, b] = [polygon[i]!, polygon[j]!];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) within = !within;
  }
  return within;
}

// The depth of the plane through a triangle at a 2D place (barycentric, extended past its edges),
// with how far inside the triangle the place is (its smallest weight).
function planeDepth(a: Vec3, b: Vec3, c: Vec3, p: { x: number; y: number }): { z: number; inside: number } | undefined {
  const area = cross(a, b, c);
  if (Math.abs(area) < 1e-9) return undefined;
  const [wa, wb] = [cross(b, c, p) / area, cross(c, a, p) / area];
  const wc = 1 - wa - wb;
  return { z: wa * a.z + wb * b.z + wc * c.z, inside: Math.min(wa, wb, wc) };
}

// The torso's depth at a 2D place: the quad split into two triangles, the one the place is most inside.
function torsoDepth(quad: readonly Vec3[], p: { x: number; y: number }): number | undefined {
  const [rs, ls, lh, rh] = quad as [Vec3, Vec3, Vec3, Vec3];
  const options = [planeDepth(rs, ls, lh, p), planeDepth(rs, lh, rh, p)].filter((d) => d !== undefined);
  return options.sort((u, v) => v.inside - u.inside)[0]?.z;
}

/**
 * The hand points an estimator would not see because the torso hides them: placed points farther
 * from the viewer than the torso (the surface through the shoulders and hips) at their 2D place and
 * inside the torso's 2D outline, widened a little. Needs depth; none without all four torso points.
 */
export function handsBehindBody(person: Person): HandSets {
  const corners = TORSO.map((i) => person.body[i]);
  if (!corners.every(placed)) return {};
  const quad = corners.map(pointIn3d);
  const centre = quad.reduce((s, q) => ({ x: s.x + q.x / 4, y: s.y + q.y / 4, z: 0 }), { x: 0, y: 0, z: 0 });
  const outline = quad.map((q) => ({ ...q, x: centre.x + (q.x - centre.x) * WIDEN, y: centre.y + (q.y - centre.y) * WIDEN }));
  const behind = (p: Keypoint) => {
    if (!placed(p) || p.z === undefined || !inside(outline, p)) return false;
    const surface = torsoDepth(quad, p);
    return surface !== undefined && p.z < surface;
  };
  const hidden = (hand: readonly Keypoint[] | undefined) => hand?.flatMap((p, i) => (behind(p) ? [i] : []));
  const [rightHand, leftHand] = [hidden(person.rightHand), hidden(person.leftHand)];
  return { ...(rightHand?.length ? { rightHand } : {}), ...(leftHand?.length ? { leftHand } : {}) };
}
