// Space geometry on points with depth (x, y in canvas pixels, z toward the viewer): the one place for
// the vector arithmetic of turning, pushing, the 3D body and facing away (plane geometry: geometry.ts).
import type { Keypoint, Vec3 } from './types.js';

/** A keypoint as a point in space; a point without depth lies in the canvas plane (z 0). */
export const pointIn3d = (p: Keypoint): Vec3 => ({ x: p.x, y: p.y, z: p.z ?? 0 });

/** The vector from b to a (a − b). */
export const minus3 = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });

/** The point k times the vector d from a (a + k·d). */
export const along3 = (a: Vec3, d: Vec3, k: number): Vec3 => ({ x: a.x + d.x * k, y: a.y + d.y * k, z: a.z + d.z * k });

/** Dot product of two vectors. */
export const dot3 = (a: Vec3, b: Vec3): number => a.x * b.x + a.y * b.y + a.z * b.z;

/** Length of a vector. */
export const length3 = (v: Vec3): number => Math.hypot(v.x, v.y, v.z);

/** Distance between two points. */
export const distance3 = (a: Vec3, b: Vec3): number => Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);

/** The point a fraction t of the way from a to b. */
export const mix3 = (a: Vec3, b: Vec3, t: number): Vec3 => along3(a, minus3(b, a), t);

/** The mean of some points (the centre of a non-empty set). */
export function mean3(points: readonly Vec3[]): Vec3 {
  const sum = points.reduce((s, p) => ({ x: s.x + p.x, y: s.y + p.y, z: s.z + p.z }), { x: 0, y: 0, z: 0 });
  return { x: sum.x / points.length, y: sum.y / points.length, z: sum.z / points.length };
}
