import { UPLOAD_TYPES, type UploadContentType } from '../../src/api/schemas.js';

const EXTENSION_TYPES: Record<string, UploadContentType> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** What the bytes really are, from their magic numbers: JPEG, PNG, WebP, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): UploadContentType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** The content type a stored key is served with, from its extension. */
export function contentTypeOfKey(key: string): UploadContentType | null {
  return EXTENSION_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? null;
}

/** The extension an upload of this content type is stored under. */
export function extensionOf(contentType: UploadContentType): string {
  return UPLOAD_TYPES[contentType];
}
