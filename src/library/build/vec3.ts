// Small 3D vector and rotation helpers for the preset builders: x to the image right, y up, z toward the viewer.

/** A 3D point or direction. */
export type Vec3 = readonly [number, number, number];

/** A 3 x 3 rotation matrix, rows first. */
export type Mat3 = readonly [Vec3, Vec3, Vec3];

const rad = (deg: number) => (deg * Math.PI) / 180;

/** The identity rotation. */
export const IDENTITY: Mat3 = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

/** Sum of vectors. */
export const add = (a: Vec3, ...rest: Vec3[]): Vec3 => rest.reduce<Vec3>((s, v) => [s[0] + v[0], s[1] + v[1], s[2] + v[2]], a);

/** A vector times a number. */
export const scale = (v: Vec3, k: number): Vec3 => [v[0] * k, v[1] * k, v[2] * k];

/** Dot product. */
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Cross product. */
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** Unit vector of v (v itself when it has no length). */
export function normalize(v: Vec3): Vec3 {
  const n = Math.hypot(v[0], v[1], v[2]);
  return n > 0 ? scale(v, 1 / n) : v;
}

/** Matrix times vector. */
export const apply = (m: Mat3, v: Vec3): Vec3 => [dot(m[0], v), dot(m[1], v), dot(m[2], v)];

/** Matrix product a·b (b applied first). */
export function compose(a: Mat3, b: Mat3): Mat3 {
  const col = (j: number): Vec3 => [b[0][j], b[1][j], b[2][j]];
  const row = (i: number): Vec3 => [dot(a[i], col(0)), dot(a[i], col(1)), dot(a[i], col(2))];
  return [row(0), row(1), row(2)];
}

/** Turn about the vertical axis by degrees; positive brings the front (+z) toward the image right (+x). */
export function yaw(deg: number): Mat3 {
  const [c, s] = [Math.cos(rad(deg)), Math.sin(rad(deg))];
  return [
    [c, 0, s],
    [0, 1, 0],
    [-s, 0, c],
  ];
}

/** Tilt about the left-right axis by degrees; positive tips the top (+y) toward the viewer (+z): a forward lean. */
export function pitch(deg: number): Mat3 {
  const [c, s] = [Math.cos(rad(deg)), Math.sin(rad(deg))];
  return [
    [1, 0, 0],
    [0, c, -s],
    [0, s, c],
  ];
}

/** Turn in the image plane by degrees; positive tips the top (+y) toward the image right (+x). */
export function roll(deg: number): Mat3 {
  const [c, s] = [Math.cos(rad(deg)), Math.sin(rad(deg))];
  return [
    [c, s, 0],
    [-s, c, 0],
    [0, 0, 1],
  ];
}

/** Yaw, then pitch, then roll applied to a frame (the order a person turns, leans, then tilts). */
export const orient = (y = 0, p = 0, r = 0): Mat3 => compose(yaw(y), compose(pitch(p), roll(r)));

/** Rotation by degrees about a unit axis (right-handed). */
export function aboutAxis(axis: Vec3, deg: number): Mat3 {
  const [x, y, z] = normalize(axis);
  const [c, s] = [Math.cos(rad(deg)), Math.sin(rad(deg))];
  const t = 1 - c;
  return [
    [t * x * x + c, t * x * y - s * z, t * x * z + s * y],
    [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
    [t * x * z - s * y, t * y * z + s * x, t * z * z + c],
  ];
}
