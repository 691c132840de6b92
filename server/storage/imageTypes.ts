import { IMAGE_EXTENSIONS, type ImageType } from '../../src/pose/index.js';

/** Every content type a stored file may have, with its extension: the images (uploads and results) and generated videos. */
const STORED_EXTENSIONS = { ...IMAGE_EXTENSIONS, 'video/mp4': 'mp4', 'video/webm': 'webm' } as const;

/** A stored file's content type. */
export type StoredType = keyof typeof STORED_EXTENSIONS;

/** Each stored file extension's content type: STORED_EXTENSIONS read backwards. */
const EXTENSION_TYPES = new Map(Object.entries(STORED_EXTENSIONS).map(([type, extension]) => [extension as string, type as StoredType]));

/** The content type a stored key is served with, from its extension. */
export function contentTypeOfKey(key: string): StoredType | null {
  return EXTENSION_TYPES.get(key.slice(key.lastIndexOf('.') + 1).toLowerCase()) ?? null;
}

/** The extension a file of this content type is stored under. */
export function extensionOf(contentType: StoredType): string {
  return STORED_EXTENSIONS[contentType];
}

/** Whether a content type may be uploaded by a user (images only: videos are only ever made by the server). */
export function isUploadType(contentType: StoredType): contentType is ImageType {
  return contentType in IMAGE_EXTENSIONS;
}
