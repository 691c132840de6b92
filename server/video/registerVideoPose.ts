import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import type { Estimator } from '../estimator/processEstimator.js';
import { ffmpegVersion } from './ffmpeg.js';
import type { VideoPoseConfig } from './videoConfig.js';
import { VideoPoseService } from './videoPoseService.js';

/** The video settings plus what they borrow from the estimator's (result lifetime, inference size, picture limit) and the jobs' lease. */
export type VideoPoseSettings = VideoPoseConfig & { resultTtlMs: number; inferenceMaxSide: number; maxPixels: number; leaseMs: number };

/**
 * Makes the service of videos turned into poses, stopped when the server closes, and says in the log
 * at start whether ffmpeg is there (without it every video is refused with a 503 saying so). Called
 * before the estimator's plugins are registered, as the estimator adds its own hooks.
 */
export function createVideoPoseService(
  app: FastifyInstance,
  settings: VideoPoseSettings,
  estimator: Estimator,
  database: () => Promise<Database>,
): VideoPoseService {
  const service = new VideoPoseService({ config: settings, estimator, database, log: app.log });
  // onReady, which listen() awaits: a socket here hears of videos run on the other instances from the first request on.
  app.addHook('onReady', async () => {
    await service.open().catch((error: Error) => app.log.error(`video poses: the database cannot be read: ${error.message}`));
  });
  app.addHook('onListen', async () => {
    const version = await ffmpegVersion(settings.programs);
    if (version) app.log.info(`video poses: ${version}`);
    else app.log.warn(`video poses: ${settings.programs.ffmpeg} cannot be started; install Debian's ffmpeg package to read videos`);
  });
  app.addHook('onClose', async () => service.close());
  return service;
}
