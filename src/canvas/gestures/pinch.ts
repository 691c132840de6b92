import { distance, midpoint, type Vec2 } from '../../pose';

/** Two touch points: their midpoint and spread. */
export interface Pinch {
  mid: Vec2;
  spread: number;
}

/** The midpoint and distance of two points. */
export function pinchOf(a: Vec2, b: Vec2): Pinch {
  return { mid: midpoint(a, b), spread: distance(a, b) };
}

/** How a pinch step changes the view: zoom factor about the new midpoint, then pan by the midpoint's move. */
export function pinchStep(before: Pinch, after: Pinch): { factor: number; dx: number; dy: number } {
  const factor = before.spread > 0 && after.spread > 0 ? after.spread / before.spread : 1;
  return { factor, dx: after.mid.x - before.mid.x, dy: after.mid.y - before.mid.y };
}

/** Wheel delta to zoom factor: a notch (100 px) zooms by about 16%; trackpad pinches (ctrlKey) are finer-grained, so faster. */
export function wheelFactor(deltaY: number, deltaMode: number, pinching: boolean): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-pixels * (pinching ? 0.01 : 0.0015));
}
