import { createCanvas, loadImage, type Image } from '@napi-rs/canvas';
import { UnreadableImage } from './imageCodec.js';

/** Longer side and JPEG quality tried in turn, until the frame fits its byte budget. */
const TRIES: ReadonlyArray<readonly [number, number]> = [
  [320, 70],
  [256, 60],
  [192, 55],
  [160, 50],
  [128, 45],
  [96, 40],
];

/**
 * A preview frame (JPEG or PNG from ComfyUI) as a JPEG of at most maxBytes: scaled down (never up)
 * and compressed until it fits; an empty buffer when even the smallest try does not. Decoding and
 * encoding are @napi-rs/canvas's asynchronous ones (libuv's thread pool): only the small scaled
 * draw runs on the event loop, and the job's own drawing in the render process never waits for it.
 */
export async function shrinkPreview(bytes: Uint8Array, maxBytes: number): Promise<Buffer> {
  let image: Image;
  try {
    image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    throw new UnreadableImage((error as Error).message);
  }
  for (const [side, quality] of TRIES) {
    const scale = Math.min(1, side / Math.max(image.width, image.height));
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    const canvas = createCanvas(width, height);
    canvas.getContext('2d').drawImage(image, 0, 0, width, height);
    const jpeg = await canvas.encode('jpeg', quality);
    if (jpeg.length <= maxBytes) return jpeg;
  }
  return Buffer.alloc(0);
}
