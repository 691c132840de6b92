import { createCanvas } from '@napi-rs/canvas';
import { EngineError } from './engine.js';
import { decodePng } from './png/decodePng.js';
import { encodePng } from './png/encodePng.js';

/** Decodes a PNG from an engine and returns it as a PNG of exactly width x height (scaled if it is another size). */
export async function toPngOfSize(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  let image;
  try {
    image = await decodePng(bytes);
  } catch (error) {
    throw new EngineError(`The engine returned an image that cannot be read: ${(error as Error).message}`);
  }
  if (image.width === width && image.height === height) return bytes;
  // Only synchronous canvas calls: put the pixels on a canvas, draw it scaled onto another.
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
