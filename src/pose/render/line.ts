import { clipLine, type Segment } from './clipLine.js';
import { XY_ONE, XY_SHIFT, idiv, shr } from './fixedPoint.js';
import { plot, type Raster } from './raster.js';
import type { Rgb } from '../types.js';

const outside = (r: Raster, x: number, y: number): boolean => x < 0 || y < 0 || x >= r.width || y >= r.height;

/** cv2's 1-pixel, 8-connected Bresenham line between integer points (its Line + LineIterator). */
export function line8(raster: Raster, x1: number, y1: number, x2: number, y2: number, colour: Rgb): void {
  const s: Segment = { x1, y1, x2, y2 };
  if (outside(raster, x1, y1) || outside(raster, x2, y2)) {
    if (!clipLine(raster.width, raster.height, s)) return;
  }
  // cv2 always walks left to right.
  if (s.x2 < s.x1) [s.x1, s.y1, s.x2, s.y2] = [s.x2, s.y2, s.x1, s.y1];
  let dx = s.x2 - s.x1;
  let dy = Math.abs(s.y2 - s.y1);
  const stepY = s.y2 < s.y1 ? -1 : 1;
  const vertical = dy > dx;
  if (vertical) [dx, dy] = [dy, dx];

  let err = dx - 2 * dy;
  let x = s.x1;
  let y = s.y1;
  for (let i = 0; i <= dx; i++) {
    plot(raster, x, y, colour);
    const diagonal = err < 0;
    err += -2 * dy + (diagonal ? 2 * dx : 0);
    if (vertical) {
      y += stepY;
      if (diagonal) x += 1;
    } else {
      x += 1;
      if (diagonal) y += stepY;
    }
  }
}

/** cv2's Line2: a 1-pixel line between 16.16 fixed-point points, used for the outline of thick lines. */
export function lineFixed(raster: Raster, segment: Segment, colour: Rgb): void {
  const s = { ...segment };
  if (!clipLine(raster.width * XY_ONE, raster.height * XY_ONE, s)) return;
  const ax = Math.abs(s.x2 - s.x1);
  const ay = Math.abs(s.y2 - s.y1);
  const half = XY_ONE >> 1;
  const xMajor = ax > ay;
  // Walk along the major axis in increasing order.
  const swap = xMajor ? s.x2 < s.x1 : s.y2 < s.y1;
  if (swap) [s.x1, s.y1, s.x2, s.y2] = [s.x2, s.y2, s.x1, s.y1];

  plot(raster, shr(s.x2 + half, XY_SHIFT), shr(s.y2 + half, XY_SHIFT), colour);
  let x = s.x1 + half;
  let y = s.y1 + half;
  if (xMajor) {
    const yStep = idiv((s.y2 - s.y1) * XY_ONE, ax | 1);
    let px = shr(x, XY_SHIFT);
    for (let count = shr(s.x2 - s.x1, XY_SHIFT); count >= 0; count--) {
      plot(raster, px, shr(y, XY_SHIFT), colour);
      px++;
      y += yStep;
    }
  } else {
    const xStep = idiv((s.x2 - s.x1) * XY_ONE, ay | 1);
    let py = shr(y, XY_SHIFT);
    for (let count = shr(s.y2 - s.y1, XY_SHIFT); count >= 0; count--) {
      plot(raster, shr(x, XY_SHIFT), py, colour);
      x += xStep;
      py++;
    }
  }
}
