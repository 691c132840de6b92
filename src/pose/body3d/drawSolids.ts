import type { Capsule, Ellipsoid } from './shapes.js';
import { rowSpan } from './shapes.js';

/** A depth buffer and its normals: per pixel the nearest surface's depth (-Infinity where none) and unit normal (nx, ny, nz). */
export interface DepthTarget {
  width: number;
  height: number;
  depth: Float32Array;
  normal: Float32Array;
}

// The rasterizers below run per pixel of every solid, so they read the solid into plain numbers
// once, keep the per-row terms out of the pixel loop and write the buffers directly. The arithmetic
// of each pixel stays term for term the same wherever a term is hoisted, so results are exact.

// Keeps (z, normal) at pixel i when it is nearer than what the pixel holds (also when z is NaN, as the depth test never refuses it).
function keep(depth: Float32Array, normal: Float32Array, i: number, z: number, nx: number, ny: number, nz: number): void {
  if (z <= (depth[i] as number)) return;
  depth[i] = z;
  const n = i * 3;
  normal[n] = nx;
  normal[n + 1] = ny;
  normal[n + 2] = nz;
}

/**
 * Draws a capsule seen along -z. On its side the nearest surface point solves
 * |p - (p·b / |b|^2) b| = r for the depth w of p = (x - a.x, y - a.y, w) (b = the axis a→b): a
 * quadratic whose larger root faces the viewer; where that point lies past an end, the end's sphere
 * is the surface there (the capsule is convex, so the first entry is on one of the three parts).
 * Seen end on, the nearer end's sphere is all that shows.
 */
export function drawCapsule(target: DepthTarget, c: Capsule): void {
  const { width, depth, normal } = target;
  const r = c.radius;
  const [ax, ay, az] = [c.a.x, c.a.y, c.a.z];
  const [ex, ey, ez] = [c.b.x, c.b.y, c.b.z];
  const bx = ex - ax;
  const by = ey - ay;
  const bz = ez - az;
  const len2 = bx * bx + by * by + bz * bz;
  const qa = len2 > 1e-12 ? 1 - (bz * bz) / len2 : 0;
  const endOn = qa <= 1e-9;
  const [r2, inv, qa2, qa4] = [r * r, 1 / r, 2 * qa, 4 * qa];
  // Seen end on, the nearer end; otherwise the end a pixel past t < 0 (a) or t > 1 (b) meets.
  const nearIsA = az >= ez;
  const y0 = Math.max(0, Math.ceil(Math.min(ay, ey) - r));
  const y1 = Math.min(target.height - 1, Math.floor(Math.max(ay, ey) + r));
  for (let y = y0; y <= y1; y++) {
    const span = rowSpan(c, y);
    if (!span) continue;
    const x0 = Math.max(0, Math.ceil(span.from));
    const x1 = Math.min(width - 1, Math.floor(span.to));
    const py = y - ay;
    const pyby = py * by;
    const pypy = py * py;
    for (let x = x0, i = y * width + x0; x <= x1; x++, i++) {
      const px = x - ax;
      let t = 0;
      if (!endOn) {
        const q = px * bx + pyby;
        const qb = (-2 * q * bz) / len2;
        const disc = qb * qb - qa4 * (px * px + pypy - (q * q) / len2 - r2);
        if (disc < 0) continue;
        const w = (-qb + Math.sqrt(disc)) / qa2;
        t = (q + w * bz) / len2;
        if (t >= 0 && t <= 1) {
          keep(depth, normal, i, az + w, (px - t * bx) * inv, (py - t * by) * inv, (w - t * bz) * inv);
          continue;
        }
      }
      // The sphere at the end the pixel lies past (or the nearer end, seen end on).
      const atA = endOn ? nearIsA : t < 0;
      const dx = x - (atA ? ax : ex);
      const dy = y - (atA ? ay : ey);
      const h = r2 - dx * dx - dy * dy;
      if (h < 0) continue;
      const dz = Math.sqrt(h);
      keep(depth, normal, i, (atA ? az : ez) + dz, dx / r, dy / r, dz / r);
    }
  }
}

/** Draws an axis-aligned ellipsoid seen along -z; its normal is the gradient (u / rx, v / ry, w / rz), made unit. */
export function drawEllipsoid(target: DepthTarget, e: Ellipsoid): void {
  const { width, depth, normal } = target;
  const [cx, cy, cz] = [e.centre.x, e.centre.y, e.centre.z];
  const [rx, ry, rz] = [e.radii.x, e.radii.y, e.radii.z];
  const y0 = Math.max(0, Math.ceil(cy - ry));
  const y1 = Math.min(target.height - 1, Math.floor(cy + ry));
  for (let y = y0; y <= y1; y++) {
    const span = rowSpan(e, y);
    if (!span) continue;
    const x0 = Math.max(0, Math.ceil(span.from));
    const x1 = Math.min(width - 1, Math.floor(span.to));
    const v = (y - cy) / ry;
    const vv = v * v;
    const ny = v / ry;
    for (let x = x0, i = y * width + x0; x <= x1; x++, i++) {
      const u = (x - cx) / rx;
      const h = 1 - u * u - vv;
      if (h < 0) continue;
      const w = Math.sqrt(h);
      const nx = u / rx;
      const nz = w / rz;
      const n = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
      keep(depth, normal, i, cz + w * rz, nx / n, ny / n, nz / n);
    }
  }
}
