import { roundHalfEven } from '../hsv.js';
import { fillCircle } from './circle.js';
import { fillConvexPoly } from './fillConvexPoly.js';
import { XY_ONE, XY_SHIFT } from './fixedPoint.js';
import { line8 } from './line.js';
import type { Raster } from './raster.js';
import type { Rgb } from '../types.js';

// Thicker than 1, cv2 fills a 16.16 fixed-point quad of half-width (thickness + odd) / 2 and puts a
// filled circle of radius (thickness + 1) / 2 on each end, so a width-5 line is 7 pixels across.
/** cv2.line between integer points with LINE_8, at any thickness. */
export function thickLine(raster: Raster, x0: number, y0: number, x1: number, y1: number, thickness: number, colour: Rgb): void {
  if (thickness <= 1) {
    line8(raster, x0, y0, x1, y1, colour);
    return;
  }
  const dx = x0 - x1;
  const dy = y1 - y0;
  const lengthSquared = dx * dx + dy * dy;
  const halfWidth = thickness * (XY_ONE >> 1) + (thickness & 1) * XY_ONE * 0.5;
  if (Math.abs(lengthSquared) > Number.EPSILON) {
    const r = halfWidth / Math.sqrt(lengthSquared);
    const dpx = roundHalfEven(dy * r);
    const dpy = roundHalfEven(dx * r);
    const [p0x, p0y, p1x, p1y] = [x0 * XY_ONE, y0 * XY_ONE, x1 * XY_ONE, y1 * XY_ONE];
    const quad = [
      { x: p0x + dpx, y: p0y + dpy },
      { x: p0x - dpx, y: p0y - dpy },
      { x: p1x - dpx, y: p1y - dpy },
      { x: p1x + dpx, y: p1y + dpy },
    ];
    fillConvexPoly(raster, quad, colour, XY_SHIFT);
  }
  const capRadius = (thickness * (XY_ONE >> 1) + (XY_ONE >> 1)) >> XY_SHIFT;
  fillCircle(raster, x0, y0, capRadius, colour);
  fillCircle(raster, x1, y1, capRadius, colour);
}
