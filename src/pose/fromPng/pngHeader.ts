// A PNG file states its size in its first chunk (IHDR), so an image too large to read back can be
// refused from its first 24 bytes, before its pixels are decoded.

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes of a PNG file up to the end of the width and height in its header. */
export const PNG_HEADER_BYTES = 24;

/** The width and height a PNG file's header declares, or null when the bytes do not begin as a PNG file. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < PNG_HEADER_BYTES || SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
