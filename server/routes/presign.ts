import type { FastifyInstance } from 'fastify';
import { formatBytes } from '../../src/api/byteSize.js';
import { API_PATHS, ERROR_CODES } from '../../src/api/contract.js';
import { presignQuery, type PresignResponse } from '../../src/api/schemas.js';
import { ApiError, sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { uploadKey } from '../storage/storageKeys.js';
import { callerOf, parseRequest } from './validation.js';

/**
 * GET /v1/get_presign_url: where to upload one new image into the caller's folder (a signed PUT, or
 * with S3 a presigned POST capped at its size), and its signed GET URL. The upload's size (or, not
 * given, the largest upload) is held against the caller's storage quota until the upload expires.
 */
export async function presignRoutes(app: FastifyInstance, { runtime }: { runtime: GenerationRuntime }): Promise<void> {
  app.get(API_PATHS.presignUrl, async (request, reply) => {
    const user = callerOf(request);
    const query = parseRequest(presignQuery, request.query);
    const { uploadMaxBytes, uploadUrlTtlSeconds, urlTtlSeconds } = runtime.config.files;
    const size = query.size ?? uploadMaxBytes;
    if (size > uploadMaxBytes) {
      throw new ApiError(413, ERROR_CODES.payloadTooLarge, `The file is ${formatBytes(size)}; uploads may be at most ${formatBytes(uploadMaxBytes)}`);
    }
    const key = uploadKey(user.uid, query.purpose, query.filename, query.content_type);
    await (await runtime.open()).quota.holdUpload(key, size);
    const storage = runtime.storage();
    const upload = await storage.uploadSlot(key, size, uploadUrlTtlSeconds);
    const image = await storage.signedUrl(key, urlTtlSeconds);
    const data: PresignResponse = {
      upload_url: upload.url,
      upload_method: upload.method,
      upload_fields: upload.fields,
      max_bytes: size,
      image_url: image.url,
      expires_at: upload.expiresAt.toISOString(),
    };
    return sendData(reply, data);
  });
}
