import type { Vec2 } from '../types.js';

/** A straight stroke read from its pixels: its two visible extremes along its main axis. */
export interface Stroke {
  ends: [Vec2, Vec2];
  /** Unit vector from ends[0] to ends[1]. */
  direction: Vec2;
}

/** Fits a straight stroke to pixel positions (principal axis, extremes projected on it); null under 2 pixels. */
export function fitStroke(points: readonly Vec2[]): Stroke | null {
  if (points.length < 2) return null;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let [sxx, syy, sxy] = [0, 0, 0];
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    syy += (p.y - my) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const dir = { x: Math.cos(angle), y: Math.sin(angle) };
  let [lo, hi] = [Infinity, -Infinity];
  for (const p of points) {
    const t = (p.x - mx) * dir.x + (p.y - my) * dir.y;
    lo = Math.min(lo, t);
    hi = Math.max(hi, t);
  }
  const at = (t: number): Vec2 => ({ x: mx + dir.x * t, y: my + dir.y * t });
  return { ends: [at(lo), at(hi)], direction: dir };
}
