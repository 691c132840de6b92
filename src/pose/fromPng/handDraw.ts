import { thickLine } from '../render/thickLine.js';
import type { Raster } from '../render/raster.js';
import type { Rgb } from '../types.js';
import { discOffsets } from './pixels.js';

// Reading a hand draws it many thousand times, so its two shapes are drawn once and reused: a
// bone (cv2.line, width 2) between integer points is the same pixels wherever it lies, so each
// bone vector's pixels are kept; a dot is the radius-4 disc. A bone reaching the drawing's edge
// is drawn by the renderer itself, which clips it as cv2 does.

// The radius-4 disc as rows: dy, first dx, last dx (a disc's row is one run of pixels).
const DOT_ROWS = Int8Array.from(
  [...new Set(discOffsets(4).map((o) => o.y))].flatMap((dy) => {
    const xs = discOffsets(4)
      .filter((o) => o.y === dy)
      .map((o) => o.x);
    return [dy, Math.min(...xs), Math.max(...xs)];
  }),
);
// A width-2 bone reaches this far past its end points.
const BONE_REACH = 3;
const MAX_CACHED = 20_000;
const cache = new Map<number, Int16Array>();

function boneOffsets(dx: number, dy: number): Int16Array {
  const key = (dx + 32768) * 65536 + dy + 32768;
  const hit = cache.get(key);
  if (hit) return hit;
  const [ox, oy] = [BONE_REACH + Math.max(0, -dx), BONE_REACH + Math.max(0, -dy)];
  const [w, h] = [Math.abs(dx) + 2 * BONE_REACH + 1, Math.abs(dy) + 2 * BONE_REACH + 1];
  const raster: Raster = { width: w, height: h, data: new Uint8ClampedArray(w * h * 4) };
  thickLine(raster, ox, oy, ox + dx, oy + dy, 2, [255, 255, 255]);
  const out: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (raster.data[(y * w + x) * 4] === 255) out.push(x - ox, y - oy);
  if (cache.size >= MAX_CACHED) cache.clear();
  const offsets = Int16Array.from(out);
  cache.set(key, offsets);
  return offsets;
}

/** A drawing surface: pixel words of a raster, the raster itself, and the window whose pixels matter. */
export interface HandCanvas {
  raster: Raster;
  words: Uint32Array;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Draws a bone of width 2 from (ax, ay) to (bx, by) as cv2 does, writing `word` to the pixels inside the window. */
export function drawBone(c: HandCanvas, ax: number, ay: number, bx: number, by: number, word: number, colour: Rgb): void {
  const { width, height } = c.raster;
  const near = BONE_REACH + 1;
  if (Math.min(ax, bx) < near || Math.min(ay, by) < near || Math.max(ax, bx) >= width - near || Math.max(ay, by) >= height - near) {
    thickLine(c.raster, ax, ay, bx, by, 2, colour);
    return;
  }
  const offsets = boneOffsets(bx - ax, by - ay);
  const { words, x0, x1, y0, y1 } = c;
  for (let i = 0; i < offsets.length; i += 2) {
    const x = ax + (offsets[i] as number);
    const y = ay + (offsets[i + 1] as number);
    if (x >= x0 && x <= x1 && y >= y0 && y <= y1) words[y * width + x] = word;
  }
}

/** Draws a filled dot of radius 4 (cv2.circle) at (cx, cy), writing `word` to its pixels inside the window. */
export function drawDot(c: HandCanvas, cx: number, cy: number, word: number): void {
  const { width } = c.raster;
  for (let r = 0; r < DOT_ROWS.length; r += 3) {
    const y = cy + (DOT_ROWS[r] as number);
    if (y < c.y0 || y > c.y1) continue;
    const end = y * width + Math.min(c.x1, cx + (DOT_ROWS[r + 2] as number));
    for (let i = y * width + Math.max(c.x0, cx + (DOT_ROWS[r + 1] as number)); i <= end; i++) c.words[i] = word;
  }
}
