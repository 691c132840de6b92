import { MODELS_DIR } from './modelFiles.js';
import { envNumber } from '../envNumber.js';

/** Limits and lifetimes of pose estimation. */
export interface EstimatorConfig {
  modelsDir: string;
  /** Largest image file accepted, in bytes. */
  maxBytes: number;
  /** Largest image accepted, in pixels (width x height). */
  maxPixels: number;
  /** Bigger photos are scaled down to this longer side for the models; results come back in the photo's pixels. */
  inferenceMaxSide: number;
  /** How long a finished estimate is kept for a client that was away, in ms. */
  resultTtlMs: number;
  /** Estimates one user may have waiting or running at once. */
  maxPendingPerUser: number;
  /** Estimates the whole server keeps waiting before it answers 503. */
  maxQueued: number;
  /** An estimate not finished after this long fails (and the models restart), in ms. */
  timeoutMs: number;
  /** Load the models when the server starts listening, rather than on the first estimate. */
  preload: boolean;
  /** Open /ws_estimator sockets one account, and one address, may hold (a person has a few tabs; a NAT a few people). */
  socketsPerUser: number;
  socketsPerAddress: number;
}

/** Reads the estimator settings from the environment. */
export function loadEstimatorConfig(env: NodeJS.ProcessEnv): EstimatorConfig {
  return {
    modelsDir: env.ESTIMATOR_MODELS_DIR || MODELS_DIR,
    maxBytes: envNumber(env, 'ESTIMATOR_MAX_MB', 10, 0.001, 200) * 1024 * 1024,
    maxPixels: Math.round(envNumber(env, 'ESTIMATOR_MAX_MEGAPIXELS', 16.777216, 0.01, 100) * 1_000_000),
    inferenceMaxSide: envNumber(env, 'ESTIMATOR_INFERENCE_SIDE', 1280, 256, 4096, true),
    resultTtlMs: envNumber(env, 'ESTIMATOR_RESULT_TTL_S', 900, 1, 86_400) * 1000,
    maxPendingPerUser: envNumber(env, 'ESTIMATOR_MAX_PENDING_PER_USER', 3, 1, 1000, true),
    maxQueued: envNumber(env, 'ESTIMATOR_MAX_QUEUED', 16, 1, 10_000, true),
    timeoutMs: envNumber(env, 'ESTIMATOR_TIMEOUT_S', 60, 1, 3600) * 1000,
    preload: env.ESTIMATOR_PRELOAD !== '0',
    socketsPerUser: envNumber(env, 'SOCKETS_PER_USER', 5, 1, 1000, true),
    socketsPerAddress: envNumber(env, 'SOCKETS_PER_ADDRESS', 20, 1, 100_000, true),
  };
}
