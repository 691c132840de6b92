import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../server/http/envelope';
import { checkImage } from '../../../server/estimator/imageLimits';
import { inferenceSize } from '../../../server/estimator/decodeImage';

const picture = (w: number, h: number) => {
  const canvas = createCanvas(w, h);
  canvas.getContext('2d').fillRect(1, 1, w / 2, h / 2);
  return canvas;
};
const limits = { maxBytes: 1024 * 1024, maxPixels: 4096 * 4096 };

function refusal(bytes: Buffer, l = limits): { status: number; description: string } {
  try {
    checkImage(bytes, l);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return { status: (error as ApiError).status, description: (error as ApiError).message };
  }
  throw new Error('expected a refusal');
}

describe('the limits an image must meet', () => {
  it('accepts a JPEG, PNG or WebP within the limits', () => {
    expect(checkImage(picture(640, 480).encodeSync('jpeg', 80), limits)).toEqual({ type: 'image/jpeg', width: 640, height: 480 });
  });

  it('refuses an empty file with a 400', () => {
    expect(refusal(Buffer.alloc(0))).toEqual({ status: 400, description: 'The image file is empty (0 bytes); upload the photo again' });
  });

  it('refuses a file over the byte limit with a 413 that gives both sizes', () => {
    const bytes = picture(64, 64).encodeSync('png');
    expect(refusal(bytes, { ...limits, maxBytes: 100 })).toMatchObject({
      status: 413,
      description: expect.stringMatching(/^The image file is 0\.0 MB; the estimator takes at most 0\.0 MB$/),
    });
  });

  it.each([
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'it looks like a GIF'],
    ['an iPhone HEIC', Buffer.from('\0\0\0\x18ftypheic\0\0\0\0', 'latin1'), 'it looks like a HEIC/HEIF or AVIF photo'],
    ['a PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3', 'latin1'), 'it looks like a PDF'],
    ['a text file', Buffer.from('hello, this is not a photo\n'), 'it looks like an SVG or other text'],
    ['random bytes', Buffer.from([0, 159, 146, 150, 1, 2, 3, 200]), 'its bytes are not an image format we read'],
  ])('refuses %s with a 415 that says what it is', (_name, bytes, what) => {
    expect(refusal(bytes)).toEqual({ status: 415, description: `The file is not a JPEG, PNG or WebP image: ${what}` });
  });

  it('refuses a damaged header with a 422', () => {
    expect(refusal(picture(10, 10).encodeSync('png').subarray(0, 20))).toEqual({
      status: 422,
      description: 'The image/png file is damaged: its header gives no image size',
    });
  });

  it('refuses an image over the pixel limit with a 413 that gives its size, before decoding it', () => {
    const header = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header);
    header.write('IHDR', 12, 'latin1');
    header.writeUInt32BE(6000, 16);
    header.writeUInt32BE(4000, 20);
    expect(refusal(header)).toEqual({
      status: 413,
      description: 'The image is 6000 x 4000 pixels (24.0 megapixels); the estimator takes at most 16.8 megapixels (e.g. 4096 x 4096): scale it down first',
    });
  });

  it('scales big photos down for the models, never small ones up', () => {
    expect(inferenceSize(4000, 3000, 1280)).toEqual({ width: 1280, height: 960 });
    expect(inferenceSize(300, 5000, 1280)).toEqual({ width: 77, height: 1280 });
    expect(inferenceSize(640, 480, 1280)).toEqual({ width: 640, height: 480 });
  });
});
