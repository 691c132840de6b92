import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { chunk, paeth, PNG_SIGNATURE } from './pngChunks.js';

const deflate = promisify(zlib.deflate);

/** An RGBA pixel buffer (ImageData, or src/pose's Raster). */
export interface RgbaPixels {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/**
 * Encodes RGBA pixels as an 8-bit PNG (RGB when fully opaque), Paeth-filtered, compressed by zlib
 * on libuv's pool. Written here because @napi-rs/canvas's own async encode crashed the process
 * (SIGSEGV in Skia on a pool thread, seen in our tests), and its sync one blocks the event loop.
 */
export async function encodePng({ width, height, data }: RgbaPixels): Promise<Buffer> {
  let opaque = true;
  for (let i = 3; i < data.length && opaque; i += 4) opaque = data[i] === 255;
  const bpp = opaque ? 3 : 4;
  const stride = width * bpp;
  const raw = Buffer.allocUnsafe((stride + 1) * height);
  let previous = new Uint8Array(stride);
  let current = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width * 4, o = 0; x < width; x++, i += 4) {
      current[o++] = data[i];
      current[o++] = data[i + 1];
      current[o++] = data[i + 2];
      if (bpp === 4) current[o++] = data[i + 3];
    }
    const out = y * (stride + 1);
    raw[out] = 4; // Paeth: the best single filter for photos and gradients
    for (let x = 0; x < stride; x++) {
      const left = x >= bpp ? current[x - bpp] : 0;
      const upLeft = x >= bpp ? previous[x - bpp] : 0;
      raw[out + 1 + x] = (current[x] - paeth(left, previous[x], upLeft)) & 0xff;
    }
    [previous, current] = [current, previous];
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = opaque ? 2 : 6; // RGB or RGBA
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', await deflate(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
