import { sniffImageType } from '../storage/imageTypes.js';
import type { UploadContentType } from '../../src/api/schemas.js';

/** An image's type and stored size, read from its header without decoding the pixels. */
export interface ImageHeader {
  type: UploadContentType;
  width: number;
  height: number;
}

function pngSize(b: Buffer): [number, number] | null {
  // The IHDR chunk comes first: width and height right after its type.
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

// Start-of-frame markers carry the size; C4 (Huffman tables), C8 and CC (arithmetic) are not frames.
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(b: Buffer): [number, number] | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    if (isStartOfFrame(marker)) return [b.readUInt16BE(at + 7), b.readUInt16BE(at + 5)];
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    at += 2 + b.readUInt16BE(at + 2);
  }
  return null;
}

function webpSize(b: Buffer): [number, number] | null {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return [1 + b.readUIntLE(24, 3), 1 + b.readUIntLE(27, 3)];
  if (chunk === 'VP8 ') return [b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff];
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return [1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff)];
  }
  return null;
}

/**
 * The type (from the magic bytes, not the name) and size of a JPEG, PNG or WebP; null when the
 * bytes are another format, and a size of 0 x 0 when the header is damaged.
 */
export function readImageHeader(bytes: Buffer): ImageHeader | null {
  const type = sniffImageType(bytes);
  if (!type) return null;
  const size = type === 'image/png' ? pngSize(bytes) : type === 'image/jpeg' ? jpegSize(bytes) : webpSize(bytes);
  const [width, height] = size ?? [0, 0];
  return { type, width, height };
}
