import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../auth/verifier.js';
import type { Database } from '../db/database.js';
import { estimatorRoutes } from '../routes/estimator.js';
import { estimatorSocketRoutes } from '../ws/estimatorSocket.js';
import { registerWebSockets } from '../ws/socketSupport.js';
import type { EstimatorConfig } from './estimatorConfig.js';
import { EstimateRelay } from './estimateRelay.js';
import { EstimateService } from './estimateService.js';
import type { ReadUpload } from './uploadReader.js';
import { ProcessEstimator, type Estimator } from './processEstimator.js';
import { SerialEstimator } from './serialEstimator.js';
import { createVideoPoseService } from '../video/registerVideoPose.js';
import { videoPoseRoutes } from '../routes/videoPose.js';
import type { VideoPoseConfig } from '../video/videoConfig.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pose estimation: the queue, the kept results and the model worker. */
    estimates: EstimateService;
  }
}

/** What the estimator needs from the rest of the server. */
export interface EstimatorDependencies {
  verifier: TokenVerifier;
  /** How often an open socket's token is checked again (revoked, disabled or deleted accounts). */
  recheckMs: number;
  readUpload: ReadUpload;
  /** Another estimator than the model worker (tests). */
  estimator?: Estimator;
  /** The Postgres server several instances share (DATABASE_URL), through which estimates reach every instance. */
  sharedDatabase?: () => Promise<Database>;
  /** Limits of videos turned into poses (their frames go through the same estimator). */
  video: VideoPoseConfig;
  /** The database (PGlite or the Postgres server every instance shares) that holds the videos turned into poses. */
  database: () => Promise<Database>;
  /** How long a video's instance holds it between writes before another instance may fail it as restarted. */
  leaseMs: number;
}

/**
 * Registers POST/GET /v1/query_prompt_estimator, the video routes (/v1/video_pose) and WS /ws_estimator. The models load in a worker
 * thread when the server starts listening (ESTIMATOR_PRELOAD=0: on the first estimate instead), so
 * apps built for tests with inject() never load them unless they estimate.
 */
export async function registerEstimator(app: FastifyInstance, config: EstimatorConfig, deps: EstimatorDependencies): Promise<void> {
  const estimator = new SerialEstimator(
    deps.estimator ?? new ProcessEstimator({ modelsDir: config.modelsDir, timeoutMs: config.timeoutMs, log: (m) => app.log.info(m) }),
  );
  const service = new EstimateService(config, estimator, app.log);
  app.decorate('estimates', service);
  if (config.preload) {
    app.addHook('onListen', async () => {
      // Not awaited: the server answers while the models load; early estimates wait in the queue.
      estimator.ready().catch((error: Error) => app.log.error(`estimator: ${error.message}`));
    });
  }
  const { sharedDatabase } = deps;
  if (sharedDatabase) {
    // onReady, which listen() awaits (onListen is not): a socket on this instance must hear of
    // estimates run on the others from the first request on.
    app.addHook('onReady', async () => {
      try {
        await service.share(new EstimateRelay(await sharedDatabase(), app.log));
      } catch (error) {
        app.log.error(`estimator: estimates of other instances will not reach this one: ${(error as Error).message}`);
      }
    });
  }
  app.addHook('onClose', async () => service.close());
  const videoSettings = {
    ...deps.video,
    resultTtlMs: config.resultTtlMs,
    inferenceMaxSide: config.inferenceMaxSide,
    maxPixels: config.maxPixels,
    leaseMs: deps.leaseMs,
  };
  const videos = createVideoPoseService(app, videoSettings, estimator, deps.database);
  await registerWebSockets(app);
  await app.register(estimatorRoutes, { service, readUpload: deps.readUpload, limits: config });
  await app.register(videoPoseRoutes, { service: videos, config: videoSettings, limits: videoSettings });
  await app.register(estimatorSocketRoutes, {
    verifier: deps.verifier,
    sources: [service, videos],
    recheckMs: deps.recheckMs,
    caps: { perUser: config.socketsPerUser, perAddress: config.socketsPerAddress },
  });
}
