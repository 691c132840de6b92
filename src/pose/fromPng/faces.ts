import { FACE_POINT_COLOUR } from '../faceTopology.js';
import { FACE_TEMPLATE } from '../faceTemplate.js';
import type { Keypoint, Vec2 } from '../types.js';
import { findDiscs } from './discs.js';
import { packRgb } from './pixels.js';

const FACE_RADIUS = 3;
const WHITE = packRgb(FACE_POINT_COLOUR);

/** The white face dots of an OpenPose drawing, as centres. */
export function readFaceDots(packed: Int32Array, width: number, height: number): Vec2[] {
  // Face dots are drawn last of a person: nothing of theirs lies over them.
  return findDiscs({ packed, width, height, colour: WHITE, radius: FACE_RADIUS, mayCover: () => false, minPixels: 4 });
}

const box = (points: readonly Vec2[]) => {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
};

// A face's dots carry no labels: the 70 slots are given by laying the mean face over the dots'
// box and letting each slot take the nearest free dot, closest pairs first. Slots left without a
// dot stay hidden. This is a best guess for editing, not a measurement.
/** Labels a person's face dots with the 70 face keypoints (hidden where no dot is left). */
export function labelFace(dots: readonly Vec2[]): Keypoint[] {
  const [b, t] = [box(dots), box(FACE_TEMPLATE.map(([x, y]) => ({ x, y })))];
  const sx = (b.maxX - b.minX) / Math.max(t.maxX - t.minX, 1e-9);
  const sy = (b.maxY - b.minY) / Math.max(t.maxY - t.minY, 1e-9);
  const slots = FACE_TEMPLATE.map(([x, y]) => ({ x: b.minX + (x - t.minX) * sx, y: b.minY + (y - t.minY) * sy }));
  const pairs = slots.flatMap((s, si) => dots.map((d, di) => ({ si, di, d: Math.hypot(s.x - d.x, s.y - d.y) }))).sort((p, q) => p.d - q.d);
  const face: Keypoint[] = slots.map(() => ({ x: 0, y: 0, visible: false }));
  const usedDots = new Set<number>();
  const filled = new Set<number>();
  for (const { si, di } of pairs) {
    if (filled.has(si) || usedDots.has(di)) continue;
    const dot = dots[di];
    if (!dot) continue;
    face[si] = { x: dot.x, y: dot.y, visible: true };
    filled.add(si);
    usedDots.add(di);
  }
  return face;
}
