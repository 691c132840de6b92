import { UPLOAD_TYPES, type UploadContentType } from '../../src/api/schemas.js';

const EXTENSION_TYPES: Record<string, UploadContentType> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The content type a stored key is served with, from its extension. */
export function contentTypeOfKey(key: string): UploadContentType | null {
  return EXTENSION_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? null;
}

/** The extension an upload of this content type is stored under. */
export function extensionOf(contentType: UploadContentType): string {
  return UPLOAD_TYPES[contentType];
}
