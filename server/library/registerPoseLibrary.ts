import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { poseRoutes } from '../routes/poses.js';
import { sharedPoseRoutes } from '../routes/sharedPoses.js';
import { siteOrigin } from './sharePage.js';

/** The pose library: the owner's /v1/poses API and the public share links, on generation's database and storage (rate-limited with the other calls, server/http/rateLimit.ts). */
export async function registerPoseLibrary(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(poseRoutes, { runtime: app.generation, posesPerUser: config.posesPerUser });
  await app.register(sharedPoseRoutes, {
    runtime: app.generation,
    webRoot: config.webRoot,
    origin: siteOrigin(config.generation.publicBaseUrl, config.corsOrigins, config),
  });
}
