import type { Vec3 } from '../types.js';

const length3 = (v: Vec3) => Math.hypot(v.x, v.y, v.z);
const scale = (v: Vec3, s: number): Vec3 => ({ x: v.x * s, y: v.y * s, z: v.z * s });
const unit = (v: Vec3): Vec3 => scale(v, 1 / length3(v));

// Below this a bone has no direction of its own: it takes the other key's.
const NO_LENGTH = 1e-12;

/** The 2D bone between two keys' bones at `t`: its angle turned the short way round, its length between theirs. */
export function turnBone2d(a: Vec3, b: Vec3, t: number): Vec3 {
  const [la, lb] = [Math.hypot(a.x, a.y), Math.hypot(b.x, b.y)];
  const length = la + (lb - la) * t;
  const from = la > NO_LENGTH ? Math.atan2(a.y, a.x) : Math.atan2(b.y, b.x);
  const to = lb > NO_LENGTH ? Math.atan2(b.y, b.x) : from;
  let turn = to - from;
  if (turn > Math.PI) turn -= 2 * Math.PI;
  if (turn < -Math.PI) turn += 2 * Math.PI;
  const angle = from + turn * t;
  return { x: Math.cos(angle) * length, y: Math.sin(angle) * length, z: 0 };
}

// Any unit vector at right angles to u (for a half turn, whose plane the two ends do not fix).
function perpendicular(u: Vec3): Vec3 {
  const other = Math.abs(u.z) < 0.9 ? { x: 0, y: 0, z: 1 } : { x: 1, y: 0, z: 0 };
  return unit({ x: u.y * other.z - u.z * other.y, y: u.z * other.x - u.x * other.z, z: u.x * other.y - u.y * other.x });
}

/** The 3D bone between two keys' bones at `t`: its direction turned along the great circle (slerp), its length between theirs. */
export function turnBone3d(a: Vec3, b: Vec3, t: number): Vec3 {
  const [la, lb] = [length3(a), length3(b)];
  const length = la + (lb - la) * t;
  const u = la > NO_LENGTH ? unit(a) : lb > NO_LENGTH ? unit(b) : { x: 1, y: 0, z: 0 };
  const v = lb > NO_LENGTH ? unit(b) : u;
  const cos = u.x * v.x + u.y * v.y + u.z * v.z;
  const across = { x: v.x - u.x * cos, y: v.y - u.y * cos, z: v.z - u.z * cos };
  const sin = length3(across);
  // Parallel directions: nothing to turn, or a half turn about any axis at right angles.
  if (sin < 1e-12 && cos > 0) return scale(u, length);
  const w = sin < 1e-12 ? perpendicular(u) : scale(across, 1 / sin);
  const angle = Math.atan2(sin, cos);
  const [c, s] = [Math.cos(angle * t), Math.sin(angle * t)];
  const direction = unit({ x: u.x * c + w.x * s, y: u.y * c + w.y * s, z: u.z * c + w.z * s });
  return scale(direction, length);
}
