// An image file states its type in its first bytes and its size in its header, so an image of
// the wrong kind or too large to read is refused before its pixels are decoded (by the server's
// uploads and photo estimator, the skeleton reader's command and the editor alike).

/**
 * The image formats read (uploads, photos, skeletons): JPEG, PNG and WebP, each content type with the
 * file extension a file of it is stored under. The one table of image types: the lists below, the
 * upload schema and the server's stored keys all derive from it.
 */
export const IMAGE_EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
/** One of the image content types. */
export type ImageType = keyof typeof IMAGE_EXTENSIONS;
/** The image content types, e.g. for a file picker's accept list. */
export const IMAGE_TYPES = Object.keys(IMAGE_EXTENSIONS) as readonly ImageType[];

/** Whether a declared content type (a file's `type`) is one of IMAGE_TYPES. */
export const isImageType = (type: string): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type);

/** An image's type and the size its header states (0 x 0 when the header is damaged or cut short). */
export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

/** Bytes of the file's start that hold its header: a JPEG's frame may follow its EXIF and colour profile. */
export const IMAGE_HEADER_BYTES = 256 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** What the bytes really are, from their magic numbers: PNG, JPEG, WebP, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts(PNG_SIGNATURE)) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

const latin1 = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

function pngSize(b: Uint8Array, view: DataView): [number, number] | null {
  // The IHDR chunk comes first: width and height right after its type.
  if (b.length < 24 || latin1(b, 12, 16) !== 'IHDR') return null;
  return [view.getUint32(16), view.getUint32(20)];
}

// Start-of-frame markers carry the size; C4 (Huffman tables), C8 and CC (arithmetic) are not frames.
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(b: Uint8Array, view: DataView): [number, number] | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    if (isStartOfFrame(marker)) return [view.getUint16(at + 7), view.getUint16(at + 5)];
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

function webpSize(b: Uint8Array, view: DataView): [number, number] | null {
  if (b.length < 30) return null;
  const chunk = latin1(b, 12, 16);
  const uint24 = (at: number) => (b[at] as number) | ((b[at + 1] as number) << 8) | ((b[at + 2] as number) << 16);
  if (chunk === 'VP8X') return [1 + uint24(24), 1 + uint24(27)];
  if (chunk === 'VP8 ') return [view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff];
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return [1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff)];
  }
  return null;
}

/**
 * The type (from the magic bytes, not the name) and size of a PNG, JPEG or WebP from the start of
 * its file; null when the bytes are another format, and a size of 0 x 0 when the header is damaged.
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const type = sniffImageType(bytes);
  if (!type) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = type === 'image/png' ? pngSize(bytes, view) : type === 'image/jpeg' ? jpegSize(bytes, view) : webpSize(bytes, view);
  const [width, height] = size ?? [0, 0];
  return { type, width, height };
}
