import type { Capsule, Ellipsoid } from './shapes.js';
import { rowSpan } from './shapes.js';

/** A depth buffer and its normals: per pixel the nearest surface's depth (-Infinity where none) and unit normal (nx, ny, nz). */
export interface DepthTarget {
  width: number;
  height: number;
  depth: Float32Array;
  normal: Float32Array;
}

// Keeps (z, normal) at pixel i when it is nearer than what the pixel holds.
function keep(target: DepthTarget, i: number, z: number, nx: number, ny: number, nz: number): void {
  if (z <= (target.depth[i] as number)) return;
  target.depth[i] = z;
  const n = i * 3;
  target.normal[n] = nx;
  target.normal[n + 1] = ny;
  target.normal[n + 2] = nz;
}

// The rows of the target the solid's image can reach.
function rows(target: DepthTarget, minY: number, maxY: number): [number, number] {
  return [Math.max(0, Math.ceil(minY)), Math.min(target.height - 1, Math.floor(maxY))];
}

// The columns of row y the solid's image can reach, clipped to the target; from > to when none.
function columns(target: DepthTarget, solid: Capsule | Ellipsoid, y: number): [number, number] {
  const span = rowSpan(solid, y);
  return span ? [Math.max(0, Math.ceil(span.from)), Math.min(target.width - 1, Math.floor(span.to))] : [1, 0];
}

// Where the ray through (x, y) meets the sphere of radius r at `end`, kept if nearer.
function sphereAt(target: DepthTarget, i: number, x: number, y: number, end: Capsule['a'], r: number): void {
  const dx = x - end.x;
  const dy = y - end.y;
  const h = r * r - dx * dx - dy * dy;
  if (h < 0) return;
  const dz = Math.sqrt(h);
  keep(target, i, end.z + dz, dx / r, dy / r, dz / r);
}

/**
 * Draws a capsule seen along -z. On its side the nearest surface point solves
 * |p - (p·b / |b|^2) b| = r for the depth w of p = (x - a.x, y - a.y, w) (b = the axis a→b): a
 * quadratic whose larger root faces the viewer; where that point lies past an end, the end's sphere
 * is the surface there (the capsule is convex, so the first entry is on one of the three parts).
 * Seen end on, the nearer end's sphere is all that shows.
 */
export function drawCapsule(target: DepthTarget, c: Capsule): void {
  const { a, b, radius: r } = c;
  const bx = b.x - a.x;
  const by = b.y - a.y;
  const bz = b.z - a.z;
  const len2 = bx * bx + by * by + bz * bz;
  const qa = len2 > 1e-12 ? 1 - (bz * bz) / len2 : 0;
  const [r2, inv] = [r * r, 1 / r];
  const nearEnd = a.z >= b.z ? a : b;
  const [y0, y1] = rows(target, Math.min(a.y, b.y) - r, Math.max(a.y, b.y) + r);
  for (let y = y0; y <= y1; y++) {
    const [x0, x1] = columns(target, c, y);
    const py = y - a.y;
    for (let x = x0, i = y * target.width + x0; x <= x1; x++, i++) {
      if (qa <= 1e-9) {
        sphereAt(target, i, x, y, nearEnd, r);
        continue;
      }
      const px = x - a.x;
      const q = px * bx + py * by;
      const qb = (-2 * q * bz) / len2;
      const disc = qb * qb - 4 * qa * (px * px + py * py - (q * q) / len2 - r2);
      if (disc < 0) continue;
      const w = (-qb + Math.sqrt(disc)) / (2 * qa);
      const t = (q + w * bz) / len2;
      if (t >= 0 && t <= 1) keep(target, i, a.z + w, (px - t * bx) * inv, (py - t * by) * inv, (w - t * bz) * inv);
      else sphereAt(target, i, x, y, t < 0 ? a : b, r);
    }
  }
}

/** Draws an axis-aligned ellipsoid seen along -z; its normal is the gradient (u / rx, v / ry, w / rz), made unit. */
export function drawEllipsoid(target: DepthTarget, e: Ellipsoid): void {
  const { centre: c, radii: r } = e;
  const [y0, y1] = rows(target, c.y - r.y, c.y + r.y);
  for (let y = y0; y <= y1; y++) {
    const [x0, x1] = columns(target, e, y);
    const v = (y - c.y) / r.y;
    for (let x = x0, i = y * target.width + x0; x <= x1; x++, i++) {
      const u = (x - c.x) / r.x;
      const h = 1 - u * u - v * v;
      if (h < 0) continue;
      const w = Math.sqrt(h);
      const nx = u / r.x;
      const ny = v / r.y;
      const nz = w / r.z;
      const n = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
      keep(target, i, c.z + w * r.z, nx / n, ny / n, nz / n);
    }
  }
}
