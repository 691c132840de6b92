import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import type { ServerConfig } from './config.js';
import { registerAuth } from './auth/plugin.js';
import { createTokenVerifier, type TokenVerifier } from './auth/verifier.js';
import { registerErrorHandling } from './http/errors.js';
import { registerSecurity } from './http/security.js';
import { appConfigRoutes } from './routes/appConfig.js';
import { healthRoutes } from './routes/health.js';
import { registerWebApp } from './static.js';

/** Builds the Posecraft HTTP server (API and web app) without starting to listen. */
export async function buildApp(
  config: ServerConfig,
  verifier: TokenVerifier = createTokenVerifier(config.firebase),
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? (config.production ? 'info' : 'warn') },
    bodyLimit: 2 * 1024 * 1024,
  });
  registerErrorHandling(app);
  await app.register(compress, { global: true, threshold: 1024 });
  registerSecurity(app, config);
  await registerAuth(app, verifier);
  await app.register(healthRoutes);
  await appConfigRoutes(app, config.firebase);
  await registerWebApp(app, config.webRoot);
  return app;
}
