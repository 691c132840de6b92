import type { Vec3 } from '../types.js';

/** A 3x3 rotation matrix, row by row. */
export type Mat3 = readonly [number, number, number, number, number, number, number, number, number];

/** The identity rotation. */
export const IDENTITY: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** a times b: the rotation b, then a (for column vectors). */
export function multiply(a: Mat3, b: Mat3): Mat3 {
  const m = (r: number, c: number) => a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!;
  return [m(0, 0), m(0, 1), m(0, 2), m(1, 0), m(1, 1), m(1, 2), m(2, 0), m(2, 1), m(2, 2)];
}

/** The matrix applied to a vector. */
export function apply(m: Mat3, v: Vec3): Vec3 {
  return { x: m[0] * v.x + m[1] * v.y + m[2] * v.z, y: m[3] * v.x + m[4] * v.y + m[5] * v.z, z: m[6] * v.x + m[7] * v.y + m[8] * v.z };
}

/** The inverse of a rotation: its transpose. */
export const transpose = (m: Mat3): Mat3 => [m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]];

/** A rotation of `degrees` about one axis, counter-clockwise looking down the axis (BVH's and every right-handed tool's sense). */
export function axisRotation(axis: 'X' | 'Y' | 'Z', degrees: number): Mat3 {
  const r = (degrees * Math.PI) / 180;
  const [c, s] = [Math.cos(r), Math.sin(r)];
  if (axis === 'X') return [1, 0, 0, 0, c, -s, 0, s, c];
  if (axis === 'Y') return [c, 0, s, 0, 1, 0, -s, 0, c];
  return [c, -s, 0, s, c, 0, 0, 0, 1];
}

/** The shortest rotation taking unit vector `from` to unit vector `to` (a half turn about a perpendicular axis when they are opposite). */
export function rotationBetween(from: Vec3, to: Vec3): Mat3 {
  const [a, b] = [unit(from), unit(to)];
  const c = a.x * b.x + a.y * b.y + a.z * b.z;
  const v = { x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x };
  if (c < -1 + 1e-12) {
    const p = unit(Math.abs(a.x) < 0.9 ? { x: 0, y: -a.z, z: a.y } : { x: -a.y, y: a.x, z: 0 });
    return [2 * p.x * p.x - 1, 2 * p.x * p.y, 2 * p.x * p.z, 2 * p.y * p.x, 2 * p.y * p.y - 1, 2 * p.y * p.z, 2 * p.z * p.x, 2 * p.z * p.y, 2 * p.z * p.z - 1];
  }
  // Rodrigues: I + [v]x + [v]x^2 / (1 + c).
  const k = 1 / (1 + c);
  return [
    1 - k * (v.y * v.y + v.z * v.z),
    -v.z + k * v.x * v.y,
    v.y + k * v.x * v.z,
    v.z + k * v.x * v.y,
    1 - k * (v.x * v.x + v.z * v.z),
    -v.x + k * v.y * v.z,
    -v.y + k * v.x * v.z,
    v.x + k * v.y * v.z,
    1 - k * (v.x * v.x + v.y * v.y),
  ];
}

function unit(v: Vec3): Vec3 {
  const n = Math.hypot(v.x, v.y, v.z) || 1;
  return { x: v.x / n, y: v.y / n, z: v.z / n };
}

/** Euler angles (degrees) in the order Z, X, Y whose product Rz Rx Ry is `m`: what a "Zrotation Xrotation Yrotation" joint writes. */
export function eulerZXY(m: Mat3): [number, number, number] {
  // Rz Rx Ry: m[7] = sin x; m[6] = -cos x sin y, m[8] = cos x cos y; m[1] = -sin z cos x, m[4] = cos z cos x.
  const deg = 180 / Math.PI;
  const sx = Math.max(-1, Math.min(1, m[7]));
  const x = Math.asin(sx);
  if (Math.abs(sx) < 1 - 1e-9) return [Math.atan2(-m[1], m[4]) * deg, x * deg, Math.atan2(-m[6], m[8]) * deg];
  // Gimbal lock: z and y turn about the same axis; put it all in z.
  return [Math.atan2(m[3], m[0]) * deg, x * deg, 0];
}
