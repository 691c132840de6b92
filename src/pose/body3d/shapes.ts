import type { Vec3 } from '../types.js';

/** A capsule: every point within `radius` of the segment a-b (output pixels, z toward the viewer). */
export interface Capsule {
  kind: 'capsule';
  a: Vec3;
  b: Vec3;
  radius: number;
}

/** An axis-aligned ellipsoid (a head): centre and half-axes in output pixels. */
export interface Ellipsoid {
  kind: 'ellipsoid';
  centre: Vec3;
  radii: Vec3;
}

/** One solid of the 3D body. */
export type Solid = Capsule | Ellipsoid;

/**
 * The x range (inclusive, unclipped) that row y of the solid's image can cover, or null when the row
 * misses it: for a capsule, the part of its segment within `radius` of the row, widened by the radius;
 * so a long slanted limb is visited along its band, not over its whole bounding box.
 */
export function rowSpan(solid: Solid, y: number): { from: number; to: number } | null {
  if (solid.kind === 'ellipsoid') {
    const v = (y - solid.centre.y) / solid.radii.y;
    if (v < -1 || v > 1) return null;
    const half = solid.radii.x * Math.sqrt(1 - v * v);
    return { from: solid.centre.x - half, to: solid.centre.x + half };
  }
  const { a, b, radius: r } = solid;
  const dy = b.y - a.y;
  let [t0, t1] = [0, 1];
  if (Math.abs(dy) > 1e-9) {
    const [u, w] = [(y - r - a.y) / dy, (y + r - a.y) / dy];
    [t0, t1] = [Math.max(0, Math.min(u, w)), Math.min(1, Math.max(u, w))];
    if (t0 > t1) return null;
  } else if (Math.abs(y - a.y) > r) return null;
  const [x0, x1] = [a.x + (b.x - a.x) * t0, a.x + (b.x - a.x) * t1];
  return { from: Math.min(x0, x1) - r, to: Math.max(x0, x1) + r };
}
