import type { RgbaImage } from './pixels.js';

// ControlNet draws a skeleton on black, and even a crowd leaves most of the canvas black. An image
// that is not (a photo, a drawing on white) is no skeleton, and reading it would take the colours
// of its pixels for limbs and hands: it is turned away before any reading, from a sample.
const SAMPLES = 20_000;
const DARK = 30;
const BLACK_SHARE = 0.6;

/** Whether most of the image (seen over black, as transparency is) is black, as a skeleton drawing is. */
export function isOnBlack(image: RgbaImage): boolean {
  const pixels = image.width * image.height;
  const step = Math.max(1, Math.floor(pixels / SAMPLES));
  const d = image.data;
  let [black, seen] = [0, 0];
  for (let i = 0; i < pixels; i += step, seen++) {
    const j = i * 4;
    const alpha = (d[j + 3] ?? 255) / 255;
    if (((d[j] ?? 0) + (d[j + 1] ?? 0) + (d[j + 2] ?? 0)) * alpha < DARK) black++;
  }
  return seen > 0 && black / seen > BLACK_SHARE;
}
