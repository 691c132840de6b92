import type { Box, Keypoint, Vec2 } from './types.js';

/** The box around the visible points, or null when none is visible. */
export function boundingBox(points: Iterable<Keypoint>): Box | null {
  let box: Box | null = null;
  for (const p of points) {
    if (!p.visible) continue;
    box = box
      ? { minX: Math.min(box.minX, p.x), minY: Math.min(box.minY, p.y), maxX: Math.max(box.maxX, p.x), maxY: Math.max(box.maxY, p.y) }
      : { minX: p.x, minY: p.y, maxX: p.x, maxY: p.y };
  }
  return box;
}

/** Centre of a box. */
export function boxCentre(box: Box): Vec2 {
  return { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
}
