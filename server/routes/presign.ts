import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/api/contract.js';
import { presignQuery, type PresignResponse } from '../../src/api/schemas.js';
import { sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { uploadKey } from '../storage/storageKeys.js';
import { callerOf, parseRequest } from './validation.js';

/** GET /v1/get_presign_url: a signed PUT URL for one new image in the caller's folder, and its signed GET URL. */
export async function presignRoutes(app: FastifyInstance, { runtime }: { runtime: GenerationRuntime }): Promise<void> {
  app.get(API_PATHS.presignUrl, async (request, reply) => {
    const user = callerOf(request);
    const query = parseRequest(presignQuery, request.query);
    const storage = runtime.storage();
    const key = uploadKey(user.uid, query.purpose, query.filename, query.content_type);
    const upload = await storage.signedUrl('PUT', key, runtime.config.files.uploadUrlTtlSeconds);
    const image = await storage.signedUrl('GET', key, runtime.config.files.urlTtlSeconds);
    const data: PresignResponse = { upload_url: upload.url, image_url: image.url, expires_at: upload.expiresAt.toISOString() };
    return sendData(reply, data);
  });
}
