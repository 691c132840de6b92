import { roundHalfEven } from '../hsv.js';
import { SIN_TABLE } from './sinTable.js';
import type { Vec2 } from '../types.js';

const sinDeg = (degrees: number): number => SIN_TABLE[degrees] ?? 0;

// Same table sines, same double arithmetic, same half-to-even rounding and de-duplication as cv2.
/** cv2.ellipse2Poly for an integer centre and axes: the polygon ControlNet fills for each limb. */
export function ellipse2Poly(centre: Vec2, axisX: number, axisY: number, angleDegrees: number, arcStart: number, arcEnd: number, delta: number): Vec2[] {
  let angle = angleDegrees;
  while (angle < 0) angle += 360;
  while (angle > 360) angle -= 360;
  let start = Math.min(arcStart, arcEnd);
  let end = Math.max(arcStart, arcEnd);
  while (start < 0) {
    start += 360;
    end += 360;
  }
  while (end > 360) {
    end -= 360;
    start -= 360;
  }
  if (end - start > 360) {
    start = 0;
    end = 360;
  }
  const alpha = sinDeg(450 - angle);
  const beta = sinDeg(angle);

  const points: Vec2[] = [];
  for (let i = start; i < end + delta; i += delta) {
    let a = Math.min(i, end);
    if (a < 0) a += 360;
    const x = axisX * sinDeg(450 - a);
    const y = axisY * sinDeg(a);
    const px = roundHalfEven(centre.x + x * alpha - y * beta);
    const py = roundHalfEven(centre.y + x * beta + y * alpha);
    const last = points[points.length - 1];
    if (!last || last.x !== px || last.y !== py) points.push({ x: px, y: py });
  }
  return points.length === 1 ? [{ ...centre }, { ...centre }] : points;
}
