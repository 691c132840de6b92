import path from 'node:path';
import { ENGINE_NAMES, type EngineName } from '../../src/api/schemas.js';
import { loadStorageSettings, type StorageSettings } from '../storage/storageConfig.js';
import { loadStorageQuota, type StorageQuotaSettings } from '../storage/storageQuota.js';
import { envNumber } from '../envNumber.js';
import { loadComfyUiSettings, type ComfyUiSettings } from '../engines/comfyui/comfyUiConfig.js';

/** Everything image generation needs: database, storage, engine, queue and URL settings. */
export interface GenerationConfig {
  dataDir: string;
  /** A Postgres server; null means PGlite in dataDir/db. */
  databaseUrl: string | null;
  filesDir: string;
  /** Local disk (filesDir, signed /files/ URLs) or an S3 bucket (presigned URLs). */
  storage: StorageSettings;
  /** HMAC secret for signed URLs; null means generated once and kept in dataDir. */
  storageSecret: string | null;
  /** Prefix of signed file URLs, e.g. https://posecraft.example.com; empty gives same-origin paths. */
  publicBaseUrl: string;
  engine: EngineName;
  /** Mannequin workers in this process (ComfyUI always has one worker per URL). */
  workers: number;
  /** Whether the mannequin has one more worker that takes only short jobs (SHORT_JOB_COST). */
  shortLane: boolean;
  comfyui: ComfyUiSettings;
  jobs: {
    leaseMs: number;
    maxAttempts: number;
    pollMs: number;
    maxActivePerUser: number;
    engineWaitMs: number;
    /** Longest one image may take to draw in the render process before the job fails. */
    renderTimeoutMs: number;
  };
  files: { urlTtlSeconds: number; uploadUrlTtlSeconds: number; uploadMaxBytes: number };
  /** Each user's storage quota, and how long uploads and finished prompts are kept. */
  quota: StorageQuotaSettings;
}

function engineName(raw: string | undefined): EngineName {
  const name = (raw || 'mannequin') as EngineName;
  if (!ENGINE_NAMES.includes(name)) throw new Error(`ENGINE must be one of ${ENGINE_NAMES.join(', ')}, got "${raw}"`);
  return name;
}

/** Reads the generation settings from the environment; nothing is touched on disk here. */
export function loadGenerationConfig(env: NodeJS.ProcessEnv): GenerationConfig {
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  const secret = env.STORAGE_SECRET || null;
  if (secret && secret.length < 32) throw new Error('STORAGE_SECRET must be at least 32 characters');
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    filesDir: path.resolve(env.FILES_DIR || path.join(dataDir, 'files')),
    storage: loadStorageSettings(env),
    storageSecret: secret,
    publicBaseUrl: (env.PUBLIC_BASE_URL || '').replace(/\/+$/, ''),
    engine: engineName(env.ENGINE),
    workers: envNumber(env, 'JOB_WORKERS', 1, 1, 64, true),
    shortLane: envNumber(env, 'JOB_SHORT_LANE', 1, 0, 1, true) === 1,
    comfyui: loadComfyUiSettings(env),
    jobs: {
      leaseMs: envNumber(env, 'JOB_LEASE_S', 30, 1, 3600) * 1000,
      maxAttempts: envNumber(env, 'JOB_MAX_ATTEMPTS', 3, 1, 100, true),
      engineWaitMs: envNumber(env, 'JOB_ENGINE_WAIT_S', 600, 0.05, 86_400) * 1000,
      pollMs: envNumber(env, 'JOB_POLL_MS', 500, 10, 60_000),
      maxActivePerUser: envNumber(env, 'MAX_ACTIVE_PROMPTS_PER_USER', 20, 1, 1_000_000, true),
      renderTimeoutMs: envNumber(env, 'RENDER_TIMEOUT_S', 60, 0.05, 3600) * 1000,
    },
    files: {
      urlTtlSeconds: envNumber(env, 'SIGNED_URL_TTL_S', 3600, 60, 7 * 86_400),
      uploadUrlTtlSeconds: 900,
      uploadMaxBytes: envNumber(env, 'UPLOAD_MAX_MB', 10, 1, 100) * 1024 * 1024,
    },
    quota: loadStorageQuota(env),
  };
}
