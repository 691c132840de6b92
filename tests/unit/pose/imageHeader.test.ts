// An image's type and size read from its header, so an image of the wrong kind or too large is
// refused before it is decoded (uploads, the photo estimator, the skeleton reader).
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { readImageHeader } from '../../../src/pose/index.js';

const picture = (w: number, h: number) => {
  const canvas = createCanvas(w, h);
  canvas.getContext('2d').fillRect(1, 1, w / 2, h / 2);
  return canvas;
};

describe('reading an image header', () => {
  it.each([
    ['PNG', 'png', 'image/png'],
    ['JPEG', 'jpeg', 'image/jpeg'],
    ['lossy WebP', 'webp', 'image/webp'],
  ] as const)('reads the type and size of a %s without decoding it', (_name, format, type) => {
    const bytes = picture(333, 127).encodeSync(format as 'png');
    expect(readImageHeader(bytes)).toEqual({ type, width: 333, height: 127 });
  });

  it("finds a JPEG's frame after a large EXIF segment", () => {
    const jpeg = picture(64, 48).encodeSync('jpeg');
    const exif = Buffer.alloc(4 + 60_000);
    exif.writeUInt16BE(0xffe1, 0);
    exif.writeUInt16BE(60_000 + 2, 2);
    const withExif = Buffer.concat([jpeg.subarray(0, 2), exif, jpeg.subarray(2)]);
    expect(readImageHeader(withExif)).toEqual({ type: 'image/jpeg', width: 64, height: 48 });
  });

  it('reads lossless (VP8L) and extended (VP8X) WebP headers', () => {
    const vp8l = Buffer.from('RIFF\0\0\0\0WEBPVP8L\0\0\0\0\x2f', 'latin1');
    const bits = Buffer.alloc(4);
    bits.writeUInt32LE((200 - 1) | ((150 - 1) << 14));
    expect(readImageHeader(Buffer.concat([vp8l, bits, Buffer.alloc(8)]))).toMatchObject({ width: 200, height: 150 });
    const vp8x = Buffer.alloc(30);
    vp8x.write('RIFF', 0, 'latin1');
    vp8x.write('WEBPVP8X', 8, 'latin1');
    vp8x.writeUIntLE(5000 - 1, 24, 3);
    vp8x.writeUIntLE(4000 - 1, 27, 3);
    expect(readImageHeader(vp8x)).toEqual({ type: 'image/webp', width: 5000, height: 4000 });
  });

  it('is null for other formats and 0 x 0 for a damaged or cut-short header', () => {
    expect(readImageHeader(Buffer.from('GIF89a....'))).toBeNull();
    expect(readImageHeader(new TextEncoder().encode('{"people": []} and more than 24 bytes'))).toBeNull();
    const png = picture(10, 10).encodeSync('png');
    expect(readImageHeader(png.subarray(0, 20))).toMatchObject({ type: 'image/png', width: 0, height: 0 });
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0, 0, 0]))).toMatchObject({ type: 'image/jpeg', width: 0 });
    // A length running past the bytes given ends the search rather than reading beyond them.
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xf0, 0, 0, 0, 0, 0, 0]))).toMatchObject({ type: 'image/jpeg', width: 0 });
  });
});
