import { PNG } from 'pngjs';

/** Decoded pixels, always RGBA. */
export interface DecodedPng {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Decodes any PNG (every bit depth, palette, interlace) to RGBA with pngjs, which replaced our
 * 8-bit-only decoder. Synchronous: it runs in the render process, never on the API's event loop.
 */
export function decodePng(png: Uint8Array): DecodedPng {
  const image = PNG.sync.read(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  return { width: image.width, height: image.height, data: image.data };
}
