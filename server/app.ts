import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import type { ServerConfig } from './config.js';
import { registerAuth } from './auth/plugin.js';
import { AccessTokenStore } from './auth/accessTokenStore.js';
import { createTokenVerifier, type TokenVerifier } from './auth/verifier.js';
import { clientErrorHandler, requireHost } from './http/clientErrors.js';
import { capConnections, serverOptions } from './http/serverLimits.js';
import { frameworkErrorHandler, registerErrorHandling } from './http/errors.js';
import { registerSecurity, securityHeaders } from './http/security.js';
import { registerRateLimits } from './http/rateLimit.js';
import type { Engine } from './engines/engine.js';
import { registerGeneration } from './jobs/generationPlugin.js';
import { registerEstimator } from './estimator/registerEstimator.js';
import { registerPromptEvents } from './events/registerPromptEvents.js';
import { storageUploadReader } from './estimator/uploadReader.js';
import type { Estimator } from './estimator/processEstimator.js';
import { appConfigRoutes } from './routes/appConfig.js';
import { healthRoutes } from './routes/health.js';
import { registerWebApp } from './static.js';
import { registerPoseLibrary } from './library/registerPoseLibrary.js';
import { documentRoutes } from './routes/documents.js';
import { registerIntegrations } from './routes/registerIntegrations.js';
import { serializeRequest } from './http/logRedaction.js';
import { registerStorableText } from './http/storableText.js';

/** Builds the Posecraft HTTP server (API and web app) without starting to listen. */
export async function buildApp(
  config: ServerConfig,
  verifier: TokenVerifier = createTokenVerifier(config.firebase),
  /** Engines to use instead of the configured ones (tests, benchmarks). */
  engines?: readonly Engine[],
  /** Estimator to use instead of the pose-model process (tests). */
  estimator?: Estimator,
): Promise<FastifyInstance> {
  const headers = securityHeaders(config);
  const app = Fastify({
    ...serverOptions(config.limits),
    // Requests are logged with their URL: the socket's token and file URLs' signatures are blanked.
    logger: { level: process.env.LOG_LEVEL ?? (config.production ? 'info' : 'warn'), serializers: { req: serializeRequest } },
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  });
  capConnections(app.server, config.limits.maxConnections, headers);
  // A client that has sent its whole request may close its sending side (TCP half-close) and still
  // read the answer: Node's default ends the socket at once and the answer is lost (during shutdown
  // too, where the request is still finished). Node ends the socket after the answer instead
  // (httpAllowHalfOpen: a property of Node's http.Server since 0.x, not in its typings).
  (app.server as typeof app.server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  registerErrorHandling(app);
  // API answers up to 64 KB (a history page) are compressed in one call: through a zlib stream each
  // cost several times the compression itself (bench/README.md, the profile of the history under load).
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 64 * 1024 });
  registerSecurity(app, config);
  requireHost(app);
  registerStorableText(app);
  // A personal access token is read from the database on every call: revoked is refused at once, everywhere.
  await registerAuth(app, verifier, async (token) => new AccessTokenStore((await app.generation.open()).db).use(token));
  // After auth: the limits are per user.
  await registerRateLimits(app, config.rateLimits, config.poseRateLimits);
  await app.register(healthRoutes);
  // A photo is uploaded, then estimated: the smaller limit of the two is the page's.
  await appConfigRoutes(app, config.firebase, { photoMaxBytes: Math.min(config.generation.files.uploadMaxBytes, config.estimator.maxBytes) });
  await registerGeneration(app, config.generation, engines);
  await registerEstimator(app, config.estimator, {
    verifier,
    recheckMs: config.firebase.recheckMs,
    readUpload: storageUploadReader(() => app.generation.storage(), config.estimator.maxBytes, config.generation.quota.uploadTtlMs),
    estimator,
    video: config.video,
    database: async () => (await app.generation.open()).db,
    leaseMs: config.generation.jobs.leaseMs,
    sharedDatabase: config.generation.databaseUrl ? async () => (await app.generation.open()).db : undefined,
  });
  await registerPromptEvents(app, {
    verifier,
    runtime: app.generation,
    recheckMs: config.firebase.recheckMs,
    socketsPerAddress: config.estimator.socketsPerAddress,
  });
  await registerPoseLibrary(app, config);
  await app.register(documentRoutes, { runtime: app.generation, documentsPerUser: config.documentsPerUser });
  await registerIntegrations(app, config);
  await registerWebApp(app, config.webRoot);
  return app;
}
