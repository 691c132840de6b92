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

/** Where a ray along the view axis first meets a solid: the surface's depth and its unit normal. */
export interface SurfaceHit {
  z: number;
  nx: number;
  ny: number;
  nz: number;
}

/** The solid's extent on the image, in output pixels (inclusive). */
export function solidBounds(solid: Solid): { minX: number; minY: number; maxX: number; maxY: number } {
  if (solid.kind === 'ellipsoid') {
    const { centre: c, radii: r } = solid;
    return { minX: c.x - r.x, minY: c.y - r.y, maxX: c.x + r.x, maxY: c.y + r.y };
  }
  const { a, b, radius: r } = solid;
  return { minX: Math.min(a.x, b.x) - r, minY: Math.min(a.y, b.y) - r, maxX: Math.max(a.x, b.x) + r, maxY: Math.max(a.y, b.y) + r };
}

// The view ray through pixel (x, y) runs along -z from the viewer. On the capsule's side the nearest
// surface point solves |(p - a) - ((p - a)·u) u| = r for z (u the unit axis); past either end it
// lies on the end's sphere. Both are quadratics in z whose larger root is the visible surface.
function hitCapsule(c: Capsule, x: number, y: number, out: SurfaceHit): boolean {
  const { a, b, radius: r } = c;
  const [bx, by, bz] = [b.x - a.x, b.y - a.y, b.z - a.z];
  const len2 = bx * bx + by * by + bz * bz;
  const [px, py] = [x - a.x, y - a.y];
  if (len2 > 1e-12) {
    // With p = (px, py, w) and w = z - a.z: |p|^2 - (p·b)^2 / len2 = r^2.
    const q = px * bx + py * by;
    const qa = 1 - (bz * bz) / len2;
    const qb = -2 * ((q * bz) / len2);
    const qc = px * px + py * py - (q * q) / len2 - r * r;
    if (qa > 1e-12) {
      const disc = qb * qb - 4 * qa * qc;
      if (disc >= 0) {
        const w = (-qb + Math.sqrt(disc)) / (2 * qa);
        const t = (q + w * bz) / len2;
        if (t >= 0 && t <= 1) {
          const [nx, ny, nz] = [px - t * bx, py - t * by, w - t * bz];
          return setHit(out, a.z + w, nx, ny, nz);
        }
      }
    }
  }
  // Past the ends: the nearer of the two end spheres that the ray meets, the one nearest the viewer.
  let found = false;
  for (const end of [a, b]) {
    const [dx, dy] = [x - end.x, y - end.y];
    const h = r * r - dx * dx - dy * dy;
    if (h < 0) continue;
    const dz = Math.sqrt(h);
    if (!found || end.z + dz > out.z) {
      setHit(out, end.z + dz, dx, dy, dz);
      found = true;
    }
  }
  return found;
}

function hitEllipsoid(e: Ellipsoid, x: number, y: number, out: SurfaceHit): boolean {
  const { centre: c, radii: r } = e;
  const [u, v] = [(x - c.x) / r.x, (y - c.y) / r.y];
  const h = 1 - u * u - v * v;
  if (h < 0) return false;
  const w = Math.sqrt(h);
  // The gradient of the implicit surface is the normal: (u / rx, v / ry, w / rz).
  return setHit(out, c.z + w * r.z, u / r.x, v / r.y, w / r.z);
}

function setHit(out: SurfaceHit, z: number, nx: number, ny: number, nz: number): true {
  const n = Math.hypot(nx, ny, nz) || 1;
  out.z = z;
  out.nx = nx / n;
  out.ny = ny / n;
  out.nz = nz / n;
  return true;
}

/** Where the view ray through (x, y) first meets the solid; writes into `out` and says whether it does. */
export function hitSolid(solid: Solid, x: number, y: number, out: SurfaceHit): boolean {
  return solid.kind === 'capsule' ? hitCapsule(solid, x, y, out) : hitEllipsoid(solid, x, y, out);
}
