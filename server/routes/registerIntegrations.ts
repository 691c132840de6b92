import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { siteOrigin } from '../library/sharePage.js';
import { accessTokenRoutes } from './accessTokens.js';
import { documentRenderRoutes } from './documentRender.js';
import { editSessionRoutes } from './editSessions.js';

/** What clients such as the ComfyUI node pack call: personal access tokens, a document's render, edit sessions. */
export async function registerIntegrations(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(accessTokenRoutes, { runtime: app.generation });
  await app.register(documentRenderRoutes, { runtime: app.generation });
  const origin = siteOrigin(config.generation.publicBaseUrl, config.corsOrigins, config);
  await app.register(editSessionRoutes, { runtime: app.generation, documentsPerUser: config.documentsPerUser, origin });
}
