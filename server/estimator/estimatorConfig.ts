import { MODELS_DIR } from './modelFiles.js';

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
}

function number(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** Reads the estimator settings from the environment. */
export function loadEstimatorConfig(env: NodeJS.ProcessEnv): EstimatorConfig {
  return {
    modelsDir: env.ESTIMATOR_MODELS_DIR || MODELS_DIR,
    maxBytes: number(env, 'ESTIMATOR_MAX_MB', 10, 0.001, 200) * 1024 * 1024,
    maxPixels: Math.round(number(env, 'ESTIMATOR_MAX_MEGAPIXELS', 16.777216, 0.01, 100) * 1_000_000),
    inferenceMaxSide: number(env, 'ESTIMATOR_INFERENCE_SIDE', 1280, 256, 4096),
    resultTtlMs: number(env, 'ESTIMATOR_RESULT_TTL_S', 900, 1, 86_400) * 1000,
    maxPendingPerUser: number(env, 'ESTIMATOR_MAX_PENDING_PER_USER', 3, 1, 1000),
    maxQueued: number(env, 'ESTIMATOR_MAX_QUEUED', 16, 1, 10_000),
    timeoutMs: number(env, 'ESTIMATOR_TIMEOUT_S', 60, 1, 3600) * 1000,
    preload: env.ESTIMATOR_PRELOAD !== '0',
  };
}
