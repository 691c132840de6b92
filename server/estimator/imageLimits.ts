import { ERROR_CODES } from '../../src/api/contract.js';
import { ApiError, codeForStatus } from '../http/envelope.js';
import { readImageHeader, type ImageHeader } from '../../src/pose/imageHeader.js';

/** The size limits an image must meet before the models see it. */
export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

// Formats people often try, named so the answer says what the file is rather than only what it is not.
const OTHER_FORMATS: Array<[string, (b: Buffer) => boolean]> = [
  ['a GIF', (b) => b.toString('latin1', 0, 4) === 'GIF8'],
  ['a HEIC/HEIF or AVIF photo', (b) => b.toString('latin1', 4, 8) === 'ftyp'],
  ['a BMP', (b) => b.toString('latin1', 0, 2) === 'BM'],
  ['a TIFF', (b) => ['II*\0', 'MM\0*'].includes(b.toString('latin1', 0, 4))],
  ['a PDF', (b) => b.toString('latin1', 0, 5) === '%PDF-'],
  ['an SVG or other text', (b) => /^[\s\x20-\x7e]*$/.test(b.toString('latin1', 0, Math.min(b.length, 64)))],
];

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const megapixels = (n: number) => `${(n / 1_000_000).toFixed(1)} megapixels`;

/** The 413 for an image file over the estimator's byte limit, giving both sizes. */
export function imageTooLarge(bytes: number, maxBytes: number): ApiError {
  return new ApiError(413, ERROR_CODES.payloadTooLarge, `The image file is ${megabytes(bytes)}; the estimator takes at most ${megabytes(maxBytes)}`);
}

/** The header of an image the estimator can take, or a 4xx saying exactly why it cannot. */
export function checkImage(bytes: Buffer, limits: ImageLimits): ImageHeader {
  if (bytes.length === 0) throw new ApiError(400, ERROR_CODES.badRequest, 'The image file is empty (0 bytes); upload the photo again');
  if (bytes.length > limits.maxBytes) throw imageTooLarge(bytes.length, limits.maxBytes);
  const header = readImageHeader(bytes);
  if (!header) {
    const other = OTHER_FORMATS.find(([, test]) => test(bytes))?.[0];
    const what = other ? `it looks like ${other}` : 'its bytes are not an image format we read';
    throw new ApiError(415, ERROR_CODES.unsupportedMediaType, `The file is not a JPEG, PNG or WebP image: ${what}`);
  }
  if (header.width === 0 || header.height === 0) {
    throw new ApiError(422, codeForStatus(422), `The ${header.type} file is damaged: its header gives no image size`);
  }
  const pixels = header.width * header.height;
  if (pixels > limits.maxPixels) {
    const side = Math.floor(Math.sqrt(limits.maxPixels));
    throw new ApiError(
      413,
      ERROR_CODES.payloadTooLarge,
      `The image is ${header.width} x ${header.height} pixels (${megapixels(pixels)}); the estimator takes at most ${megapixels(limits.maxPixels)} (e.g. ${side} x ${side}): scale it down first`,
    );
  }
  return header;
}
