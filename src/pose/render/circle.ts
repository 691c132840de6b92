import { hline, type Raster } from './raster.js';
import type { Rgb } from '../types.js';

/** cv2.circle with thickness -1 and LINE_8: its midpoint algorithm, filled row by row. */
export function fillCircle(raster: Raster, cx: number, cy: number, radius: number, colour: Rgb): void {
  let err = 0;
  let dx = radius;
  let dy = 0;
  let plus = 1;
  let minus = (radius << 1) - 1;
  while (dx >= dy) {
    hline(raster, cy - dy, cx - dx, cx + dx, colour);
    hline(raster, cy + dy, cx - dx, cx + dx, colour);
    hline(raster, cy - dx, cx - dy, cx + dy, colour);
    hline(raster, cy + dx, cx - dy, cx + dy, colour);
    dy++;
    err += plus;
    plus += 2;
    if (err > 0) {
      err -= minus;
      dx -= 1;
      minus -= 2;
    }
  }
}
