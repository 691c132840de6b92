import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PATHS, ERROR_CODES } from '../../src/api/contract.js';
import { ApiError, sendData } from '../http/envelope.js';
import type { EstimateService } from '../estimator/estimateService.js';
import { checkImage, type ImageLimits } from '../estimator/imageLimits.js';
import type { ReadUpload } from '../estimator/uploadReader.js';
import { callerOf, parseRequest } from './validation.js';

/** POST /v1/query_prompt_estimator */
const estimateRequestSchema = z.object({
  image_url: z.string().trim().min(1).max(4096),
  hands: z.boolean().default(true),
  face: z.boolean().default(true),
});

/** GET /v1/query_prompt_estimator */
const statusQuery = z.object({ prompt_id: z.uuid() });

/** What the estimator routes need. */
export interface EstimatorRouteOptions {
  service: EstimateService;
  readUpload: ReadUpload;
  limits: ImageLimits;
}

/**
 * POST queues an estimate of the caller's own upload and answers its prompt_id at once (the outcome
 * goes to the caller's /ws_estimator sockets); GET answers the same outcome for a client that missed it.
 */
export async function estimatorRoutes(app: FastifyInstance, { service, readUpload, limits }: EstimatorRouteOptions): Promise<void> {
  app.post(API_PATHS.queryPromptEstimator, async (request, reply) => {
    const user = callerOf(request);
    const body = parseRequest(estimateRequestSchema, request.body ?? {});
    const bytes = await readUpload(body.image_url, user.uid);
    checkImage(bytes, limits);
    const record = service.submit(user.uid, bytes, { hands: body.hands, face: body.face });
    return sendData(reply, { prompt_id: record.promptId });
  });

  app.get(API_PATHS.queryPromptEstimator, async (request, reply) => {
    const user = callerOf(request);
    const { prompt_id } = parseRequest(statusQuery, request.query);
    const status = await service.status(user.uid, prompt_id);
    if (!status) {
      throw new ApiError(404, ERROR_CODES.notFound, `No estimate ${prompt_id} for you: it is someone else's, or finished long enough ago to be dropped`);
    }
    return sendData(reply, status);
  });
}
