import { createCanvas } from '@napi-rs/canvas';
import { decodePng } from './png/decodePng.js';
import { encodePng } from './png/encodePng.js';

/** Thrown when an engine's PNG cannot be decoded: the job fails with this plain reason. */
export class UnreadableImage extends Error {
  constructor(readonly detail: string) {
    super('The engine returned an image that cannot be read');
  }
}

/**
 * Decodes a PNG from an engine and returns it as a PNG of exactly width x height (scaled if it is
 * another size). Synchronous: runs in the render process.
 */
export function toPngOfSize(bytes: Uint8Array, width: number, height: number): Buffer {
  let image;
  try {
    image = decodePng(bytes);
  } catch (error) {
    throw new UnreadableImage((error as Error).message);
  }
  if (image.width === width && image.height === height) return Buffer.from(bytes);
  const source = createCanvas(image.width, image.height);
  const sourceCtx = source.getContext('2d');
  const pixels = sourceCtx.createImageData(image.width, image.height);
  pixels.data.set(image.data);
  sourceCtx.putImageData(pixels, 0, 0);
  const target = createCanvas(width, height);
  const ctx = target.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, width, height);
  return encodePng(ctx.getImageData(0, 0, width, height));
}
