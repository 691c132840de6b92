import { IMAGE_EXTENSIONS, type ImageType } from '../../src/pose/index.js';

/** Each stored file extension's content type: IMAGE_EXTENSIONS read backwards. */
const EXTENSION_TYPES = new Map(Object.entries(IMAGE_EXTENSIONS).map(([type, extension]) => [extension as string, type as ImageType]));

/** The content type a stored key is served with, from its extension. */
export function contentTypeOfKey(key: string): ImageType | null {
  return EXTENSION_TYPES.get(key.slice(key.lastIndexOf('.') + 1).toLowerCase()) ?? null;
}

/** The extension an upload of this content type is stored under. */
export function extensionOf(contentType: ImageType): string {
  return IMAGE_EXTENSIONS[contentType];
}
