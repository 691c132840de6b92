import { fillCircle } from '../render/circle.js';
import type { Raster } from '../render/raster.js';
import type { Rgb, Vec2 } from '../types.js';

/** An RGBA image: a decoded PNG's pixels (any source: pngjs, a canvas's ImageData). */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array | Uint8ClampedArray;
}

/** Packs an RGB colour into one number. */
export const packRgb = (c: Rgb): number => (c[0] << 16) | (c[1] << 8) | c[2];

/**
 * The packed RGB colour of every pixel, row by row, as seen over black: ControlNet draws on black,
 * and a skeleton saved with a transparent background (whatever colour its clear pixels keep) reads
 * as that drawing.
 */
export function packedPixels(image: RgbaImage): Int32Array {
  const out = new Int32Array(image.width * image.height);
  const d = image.data;
  for (let i = 0, j = 0; i < out.length; i++, j += 4) {
    const alpha = d[j + 3] ?? 255;
    const [r, g, b] = [d[j] ?? 0, d[j + 1] ?? 0, d[j + 2] ?? 0];
    out[i] =
      alpha === 255 ? (r << 16) | (g << 8) | b : (Math.round((r * alpha) / 255) << 16) | (Math.round((g * alpha) / 255) << 8) | Math.round((b * alpha) / 255);
  }
  return out;
}

/** Pixel offsets of cv2.circle's filled disc of a radius, drawn with the renderer's own port. */
export function discOffsets(radius: number): Vec2[] {
  const side = radius * 2 + 1;
  const raster: Raster = { width: side, height: side, data: new Uint8ClampedArray(side * side * 4) };
  fillCircle(raster, radius, radius, radius, [255, 255, 255]);
  const offsets: Vec2[] = [];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) if (raster.data[(y * side + x) * 4] === 255) offsets.push({ x: x - radius, y: y - radius });
  }
  return offsets;
}

/** 8-connected components of the pixels for which `member(index)` holds (neighbours joined only where `together` says so), as lists of pixel indices. */
export function components(
  width: number,
  height: number,
  member: (index: number) => boolean,
  together: (a: number, b: number) => boolean = () => true,
): number[][] {
  const seen = new Uint8Array(width * height);
  const result: number[][] = [];
  for (let start = 0; start < seen.length; start++) {
    if (seen[start] || !member(start)) continue;
    const stack = [start];
    const found: number[] = [];
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      found.push(i);
      const [x, y] = [i % width, (i - (i % width)) / width];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const n = ny * width + nx;
          if (!seen[n] && member(n) && together(i, n)) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    result.push(found);
  }
  return result;
}
