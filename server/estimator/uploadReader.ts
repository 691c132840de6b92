import { ERROR_CODES } from '../../src/api/contract.js';
import { ApiError } from '../http/envelope.js';
import type { FileStorage } from '../storage/fileStorage.js';
import { FILES_ROUTE_PREFIX } from '../storage/localDiskStorage.js';
import { keyBelongsTo } from '../storage/storageKeys.js';

/** Reads the bytes of a user's own upload from its image_url, or throws a 4xx saying what is wrong with the URL. */
export type ReadUpload = (imageUrl: string, uid: string) => Promise<Buffer>;

function pathOf(imageUrl: string): URL | null {
  try {
    return new URL(imageUrl, 'http://local');
  } catch {
    return null;
  }
}

/** Why a file URL of ours was refused: expired if its expiry has passed, else its signature does not match. */
function refusal(url: URL): ApiError {
  const expires = Number(url.searchParams.get('expires'));
  if (Number.isFinite(expires) && expires > 0 && expires * 1000 < Date.now()) {
    return new ApiError(403, ERROR_CODES.forbidden, 'image_url has expired; upload the photo again');
  }
  return new ApiError(403, ERROR_CODES.forbidden, 'image_url is not signed by this server, or was altered after signing');
}

/** Reads uploads through the file storage: the URL must be ours, valid, unexpired, and in the caller's folder. */
export function storageUploadReader(storage: () => FileStorage): ReadUpload {
  return async (imageUrl, uid) => {
    const url = pathOf(imageUrl);
    if (!url || !url.pathname.startsWith(FILES_ROUTE_PREFIX)) {
      throw new ApiError(400, ERROR_CODES.badRequest, 'image_url must be the image_url that GET /v1/get_presign_url returned (a /files/… URL of this server)');
    }
    const key = storage().keyFromSignedUrl(imageUrl, 'GET');
    if (!key) throw refusal(url);
    if (!keyBelongsTo(key, uid)) {
      throw new ApiError(403, ERROR_CODES.forbidden, "image_url is another user's upload; you can only estimate your own photos");
    }
    const bytes = await storage().read(key);
    if (!bytes) {
      throw new ApiError(404, ERROR_CODES.notFound, 'Nothing has been uploaded to image_url (or it was deleted): PUT the photo to upload_url first');
    }
    return bytes;
  };
}
