import zlib from 'node:zlib';
import { chunk, PNG_SIGNATURE } from './pngChunks.js';

/**
 * Encodes one grey level per pixel as a greyscale PNG: 8-bit from a Uint8Array, 16-bit (big-endian,
 * as PNG stores it) from a Uint16Array. Up-filtered and deflated at level 6, like encodePng.
 */
export function encodeGrayPng(width: number, height: number, levels: Uint8Array | Uint16Array): Buffer {
  const bytes = levels instanceof Uint16Array ? 2 : 1;
  const stride = width * bytes;
  const raw = Buffer.allocUnsafe((stride + 1) * height);
  let previous = new Uint8Array(stride);
  let current = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const v = levels[i] ?? 0;
      if (bytes === 2) {
        current[x * 2] = v >>> 8;
        current[x * 2 + 1] = v & 0xff;
      } else current[x] = v;
    }
    const out = y * (stride + 1) + 1;
    raw[out - 1] = 2; // Up
    for (let x = 0; x < stride; x++) raw[out + x] = ((current[x] ?? 0) - (previous[x] ?? 0)) & 0xff;
    [previous, current] = [current, previous];
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bytes * 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw, { level: 6 })), chunk('IEND', Buffer.alloc(0))]);
}
