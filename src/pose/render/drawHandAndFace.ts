import { FACE_POINT_COLOUR } from '../faceTopology.js';
import { HAND_EDGE_COLOURS, HAND_EDGES, HAND_POINT_COLOUR } from '../handTopology.js';
import { fillCircle } from './circle.js';
import type { Projection } from './projection.js';
import type { Raster } from './raster.js';
import { thickLine } from './thickLine.js';
import type { Keypoint, Vec2 } from '../types.js';

const EPS = 0.01;

// ControlNet truncates to ints first and then drops anything not > eps, i.e. column or row 0.
function pixel(k: Keypoint | undefined, p: Projection): Vec2 | null {
  if (!k?.visible) return null;
  const x = Math.trunc(p.personX(k.x));
  const y = Math.trunc(p.personY(k.y));
  return x > EPS && y > EPS ? { x, y } : null;
}

/** Draws one hand as ControlNet's draw_handpose: 20 HSV edges of width 2, then blue dots of radius 4. */
export function drawHand(raster: Raster, hand: readonly Keypoint[], p: Projection): void {
  HAND_EDGES.forEach(([a, b], i) => {
    const k1 = pixel(hand[a], p);
    const k2 = pixel(hand[b], p);
    const colour = HAND_EDGE_COLOURS[i];
    if (k1 && k2 && colour) thickLine(raster, k1.x, k1.y, k2.x, k2.y, 2, colour);
  });
  for (const k of hand) {
    const at = pixel(k, p);
    if (at) fillCircle(raster, at.x, at.y, 4, HAND_POINT_COLOUR);
  }
}

/** Draws one face as ControlNet's draw_facepose: white dots of radius 3, no edges. */
export function drawFace(raster: Raster, face: readonly Keypoint[], p: Projection): void {
  for (const k of face) {
    const at = pixel(k, p);
    if (at) fillCircle(raster, at.x, at.y, 3, FACE_POINT_COLOUR);
  }
}
