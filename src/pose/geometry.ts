// Plane geometry on points and vectors: the one place for distances, lengths, angles and midpoints
// (src/pose, the server and the tests use it; the renderer keeps OpenCV's own arithmetic, see README.md).
import type { Vec2 } from './types.js';

/** Distance between two points. */
export const distance = (a: Vec2, b: Vec2): number => Math.hypot(b.x - a.x, b.y - a.y);

/** Length of a vector. */
export const vectorLength = (v: Vec2): number => Math.hypot(v.x, v.y);

/** Direction from a to b in radians, as atan2 gives it: 0 along +x, π/2 along +y (down on screen). */
export const angleOf = (a: Vec2, b: Vec2): number => Math.atan2(b.y - a.y, b.x - a.x);

/** The point halfway between two points. */
export const midpoint = (a: Vec2, b: Vec2): Vec2 => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
