import { ERROR_CODES } from '../../src/api/contract.js';
import { ApiError } from '../http/envelope.js';
import { StoredFileTooLarge, type FileStorage } from '../storage/fileStorage.js';
import { keyBelongsTo } from '../storage/storageKeys.js';
import { imageTooLarge } from './imageLimits.js';

/** Reads the bytes of a user's own upload from its image_url, or throws a 4xx saying what is wrong with the URL. */
export type ReadUpload = (imageUrl: string, uid: string) => Promise<Buffer>;

const REFUSALS = {
  foreign: [400, ERROR_CODES.badRequest, 'image_url must be the image_url that GET /v1/get_presign_url returned (a signed file URL of this server)'],
  expired: [403, ERROR_CODES.forbidden, 'image_url has expired; upload the photo again'],
  invalid: [403, ERROR_CODES.forbidden, 'image_url is not signed by this server, or was altered after signing'],
} as const;

/**
 * Reads uploads through the file storage: the URL must be ours, valid, unexpired, in the caller's
 * folder, and at most maxBytes; uploads are deleted uploadTtlMs after their URL was given.
 */
export function storageUploadReader(storage: () => FileStorage, maxBytes: number, uploadTtlMs: number): ReadUpload {
  const kept = `${Math.round(uploadTtlMs / 60_000)} minutes`;
  return async (imageUrl, uid) => {
    const { key, problem } = await storage().checkSignedUrl(imageUrl);
    if (problem) {
      const [status, code, description] = REFUSALS[problem];
      throw new ApiError(status, code, description);
    }
    if (!keyBelongsTo(key, uid)) {
      throw new ApiError(403, ERROR_CODES.forbidden, "image_url is another user's upload; you can only estimate your own photos");
    }
    const bytes = await storage()
      .read(key, maxBytes)
      .catch((error: unknown) => {
        if (error instanceof StoredFileTooLarge) throw imageTooLarge(error.bytes, maxBytes);
        throw error;
      });
    if (!bytes) {
      throw new ApiError(
        404,
        ERROR_CODES.notFound,
        `Nothing is at image_url: the photo was not uploaded yet (send it to upload_url first), or it expired and was deleted (uploads are kept ${kept}); upload it again`,
      );
    }
    return bytes;
  };
}
