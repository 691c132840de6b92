import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGenerationConfig } from '../../../server/jobs/generationConfig';

describe('generation settings', () => {
  it('run everything embedded by default', () => {
    const config = loadGenerationConfig({});
    expect(config).toMatchObject({
      dataDir: path.resolve('data'),
      databaseUrl: null,
      filesDir: path.resolve('data/files'),
      storageSecret: null,
      engine: 'mannequin',
      workers: 1,
      jobs: { leaseMs: 30_000, maxAttempts: 3, pollMs: 500, maxActivePerUser: 20, engineWaitMs: 600_000 },
      files: { urlTtlSeconds: 3600, uploadUrlTtlSeconds: 900, uploadMaxBytes: 10 * 1024 * 1024 },
    });
    expect(config.comfyui).toMatchObject({
      urls: ['http://127.0.0.1:8188'],
      checkpoint: 'v1-5-pruned-emaonly.safetensors',
      controlnet: 'control_v11p_sd15_openpose.pth',
    });
  });

  it('read ComfyUI, database and storage settings from the environment', () => {
    const config = loadGenerationConfig({
      ENGINE: 'comfyui',
      COMFYUI_URLS: 'http://gpu1:8188/, http://gpu2:8188',
      COMFYUI_CHECKPOINT: 'dreamshaper_8.safetensors',
      DATABASE_URL: 'postgres://u@db/posecraft',
      DATA_DIR: '/srv/posecraft',
      JOB_LEASE_S: '60',
      COMFYUI_TIMEOUT_S: '120',
      JOB_ENGINE_WAIT_S: '90',
    });
    expect(config.comfyui.urls).toEqual(['http://gpu1:8188', 'http://gpu2:8188']);
    expect(config.comfyui.checkpoint).toBe('dreamshaper_8.safetensors');
    expect(config.comfyui.timeoutMs).toBe(120_000);
    expect(config.databaseUrl).toBe('postgres://u@db/posecraft');
    expect(config.filesDir).toBe('/srv/posecraft/files');
    expect(config.jobs.leaseMs).toBe(60_000);
    expect(config.jobs.engineWaitMs).toBe(90_000);
  });

  it.each([
    [{ ENGINE: 'dalle' }, /ENGINE must be one of mannequin, comfyui/],
    [{ JOB_WORKERS: 'many' }, /JOB_WORKERS must be a whole number from 1 to 64/],
    [{ JOB_WORKERS: '1.5' }, /JOB_WORKERS must be a whole number from 1 to 64, got "1.5"/],
    [{ JOB_LEASE_S: '0' }, /JOB_LEASE_S/],
    [{ STORAGE_SECRET: 'short' }, /STORAGE_SECRET must be at least 32 characters/],
    [{ COMFYUI_URLS: 'gpu1:8188' }, /COMFYUI_URLS: "gpu1:8188" is not an http\(s\) URL/],
  ])('refuse %o', (env, message) => {
    expect(() => loadGenerationConfig(env)).toThrow(message);
  });
});
