import type { Rgb } from '../types.js';

/** Any RGBA pixel buffer: an ImageData from a browser or @napi-rs/canvas, or a plain object. */
export interface Raster {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

// The opaque-black RGBA bytes 0,0,0,255 read as one 32-bit word in this machine's byte order.
const OPAQUE_BLACK = new Uint32Array(new Uint8Array([0, 0, 0, 255]).buffer)[0] ?? 0;

/** Paints the whole raster opaque black, the ControlNet background. */
export function clearToBlack(raster: Raster): void {
  const { data } = raster;
  if (data.byteOffset % 4 === 0 && data.length % 4 === 0) {
    new Uint32Array(data.buffer, data.byteOffset, data.length / 4).fill(OPAQUE_BLACK);
    return;
  }
  data.fill(0);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
}

/** Sets pixels x1..x2 (inclusive) of row y, clipped to the raster, as cv2's ICV_HLINE does. */
export function hline(raster: Raster, y: number, x1: number, x2: number, colour: Rgb): void {
  if (y < 0 || y >= raster.height) return;
  const from = Math.max(x1, 0);
  const to = Math.min(x2, raster.width - 1);
  const { data } = raster;
  const [r, g, b] = colour;
  for (let i = (y * raster.width + from) * 4, end = (y * raster.width + to) * 4; i <= end; i += 4) {
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
  }
}

/** Sets one pixel if it lies inside the raster. */
export function plot(raster: Raster, x: number, y: number, colour: Rgb): void {
  if (x < 0 || y < 0 || x >= raster.width || y >= raster.height) return;
  const i = (y * raster.width + x) * 4;
  raster.data[i] = colour[0];
  raster.data[i + 1] = colour[1];
  raster.data[i + 2] = colour[2];
}
