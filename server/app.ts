import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import type { ServerConfig } from './config.js';
import { registerErrorHandling } from './http/errors.js';
import { healthRoutes } from './routes/health.js';
import { registerWebApp } from './static.js';

/** Builds the Posecraft HTTP server (API and web app) without starting to listen. */
export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? (config.production ? 'info' : 'warn') },
    bodyLimit: 2 * 1024 * 1024,
  });
  registerErrorHandling(app);
  await app.register(compress, { global: true, threshold: 1024 });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  });
  await app.register(healthRoutes);
  await registerWebApp(app, config.webRoot);
  return app;
}
