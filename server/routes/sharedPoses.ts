import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS, ERROR_CODES, SHARE_PAGE_PREFIX } from '../../src/api/contract.js';
import { shareIdParams } from '../../src/api/poseSchemas.js';
import { ApiError, sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { PoseStore } from '../library/poseStore.js';
import { toSharedPose } from '../library/savedPoseView.js';
import { injectShareTags, shareMetaTags } from '../library/sharePage.js';
import { parseRequest } from './validation.js';

interface SharedOptions {
  runtime: GenerationRuntime;
  webRoot: string;
  /** The origin the page's links are written with (siteOrigin), from the configuration. */
  origin: string;
}

/** Unknown and revoked links answer the same 404. */
const notShared = () => new ApiError(404, ERROR_CODES.notFound, 'This pose is not shared (the link is wrong, or its owner revoked it)');

/**
 * Share links, open to anyone: GET /v1/shared/:shareId (the pose), /p/:shareId (the app's page with
 * Open Graph tags in its HTML) and /p/:shareId/thumbnail.png (the image those tags point to).
 */
export async function sharedPoseRoutes(app: FastifyInstance, { runtime, webRoot, origin }: SharedOptions): Promise<void> {
  const shared = async (request: FastifyRequest) => {
    const { shareId } = parseRequest(shareIdParams, request.params);
    return (await new PoseStore((await runtime.open()).db).findShared(shareId)) ?? null;
  };

  app.get(API_PATHS.sharedPose, async (request, reply) => {
    const row = await shared(request);
    if (!row) throw notShared();
    return sendData(reply, toSharedPose(row));
  });

  app.get(`${SHARE_PAGE_PREFIX}:shareId/thumbnail.png`, async (request, reply) => {
    const row = await shared(request);
    const png = row && (await runtime.storage().read(row.thumbnail_key));
    if (!png) throw notShared();
    reply.header('Cache-Control', 'public, max-age=300');
    return reply.type('image/png').send(png);
  });

  const indexFile = path.join(webRoot, 'index.html');
  app.get(`${SHARE_PAGE_PREFIX}:shareId`, async (request, reply) => {
    const row = await shared(request).catch(() => null);
    const html = await fs.promises.readFile(indexFile, 'utf8').catch(() => null);
    if (!html) throw new ApiError(404, ERROR_CODES.notFound, 'Not found');
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    // The app shows "not shared" itself; the status tells link checkers and chat previews.
    if (!row) return reply.status(404).send(html);
    return reply.send(injectShareTags(html, shareMetaTags(origin, row.share_id!, row.name), row.name));
  });
}
