import { createCanvas, loadImage } from '@napi-rs/canvas';
import { EstimateFailure } from './estimateFailure.js';

/** A photo ready for the models: RGB bytes at the inference size, and the photo's own size. */
export interface DecodedPhoto {
  /** The photo as a browser shows it (EXIF orientation applied), in pixels. */
  width: number;
  height: number;
  /** The size the models see: the photo scaled down so its longer side is at most the inference side. */
  seenWidth: number;
  seenHeight: number;
  /** seenWidth x seenHeight x 3 bytes, row by row. */
  rgb: Uint8Array;
}

/** The size a photo is scaled to for inference: never up, longer side at most maxSide. */
export function inferenceSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Decodes a JPEG, PNG or WebP (applying EXIF orientation, as browsers do) and scales it for inference. */
export async function decodePhoto(bytes: Uint8Array, maxSide: number): Promise<DecodedPhoto> {
  let image;
  try {
    image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    throw new EstimateFailure(422, `The image could not be decoded (${(error as Error).message || 'damaged data'}); save it again as JPEG or PNG`);
  }
  if (!image.width || !image.height) throw new EstimateFailure(422, 'The image could not be decoded: it has no pixels');
  const seen = inferenceSize(image.width, image.height, maxSide);
  const canvas = createCanvas(seen.width, seen.height);
  const ctx = canvas.getContext('2d');
  // Transparent areas become white, not black: a cut-out figure keeps its outline.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, seen.width, seen.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, seen.width, seen.height);
  const rgba = ctx.getImageData(0, 0, seen.width, seen.height).data;
  const rgb = new Uint8Array(seen.width * seen.height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    rgb[j] = rgba[i];
    rgb[j + 1] = rgba[i + 1];
    rgb[j + 2] = rgba[i + 2];
  }
  return { width: image.width, height: image.height, seenWidth: seen.width, seenHeight: seen.height, rgb };
}
