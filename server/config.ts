import { loadDocumentsPerUser } from './documents/documentLimits.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFirebaseSettings, type FirebaseSettings } from './auth/firebaseConfig.js';
import { loadGenerationConfig, type GenerationConfig } from './jobs/generationConfig.js';
import { loadEstimatorConfig, type EstimatorConfig } from './estimator/estimatorConfig.js';
import { loadVideoPoseConfig, type VideoPoseConfig } from './video/videoConfig.js';
import { loadRateLimits, type RateLimits } from './http/rateLimit.js';
import { loadServerLimits, type ServerLimits } from './http/serverLimits.js';
import { loadPoseRateLimits, loadPosesPerUser, type PoseRateLimits } from './library/poseLimits.js';

/** Server settings, all read from the environment once at start-up. */
export interface ServerConfig {
  port: number;
  host: string;
  production: boolean;
  /** Folder holding the built web app (vite build output). */
  webRoot: string;
  /** Origins allowed to call the API from a browser; empty means same origin only. */
  corsOrigins: string[];
  firebase: FirebaseSettings;
  /** Database, storage, engine and queue settings of image generation. */
  generation: GenerationConfig;
  /** Pose estimation limits and lifetimes. */
  estimator: EstimatorConfig;
  /** Limits of videos turned into pose sequences, and where ffmpeg is. */
  video: VideoPoseConfig;
  /** Per-user submissions per minute. */
  rateLimits: RateLimits;
  /** Pose library calls per minute. */
  poseRateLimits: PoseRateLimits;
  /** Saved poses one user may keep. */
  posesPerUser: number;
  /** Documents one user may keep in their account. */
  documentsPerUser: number;
  /** Timeouts of slow clients and the cap on open connections. */
  limits: ServerLimits;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Reads the server configuration from environment variables, with embedded defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number from 0 to 65535, got "${env.PORT}"`);
  }
  // Production unless explicitly development or test: a typo or a staging name must not run insecurely.
  const production = !['development', 'test'].includes(env.NODE_ENV ?? '');
  // Loopback unless asked: a server is reachable from other machines only on purpose.
  const host = env.HOST || '127.0.0.1';
  return {
    port,
    host,
    production,
    webRoot: path.resolve(env.WEB_ROOT ?? path.join(repoRoot, 'dist')),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    firebase: loadFirebaseSettings(env, production, host),
    generation: loadGenerationConfig(env),
    estimator: loadEstimatorConfig(env),
    video: loadVideoPoseConfig(env),
    rateLimits: loadRateLimits(env),
    poseRateLimits: loadPoseRateLimits(env),
    posesPerUser: loadPosesPerUser(env),
    documentsPerUser: loadDocumentsPerUser(env),
    limits: loadServerLimits(env),
  };
}
