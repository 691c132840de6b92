import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { Engine } from '../../server/engines/engine';
import type { GenerationConfig } from '../../server/jobs/generationConfig';
import { seedDatabase } from './pgliteTemplate';
import { attachDefaultHand, createDefaultPoseDocument, toOpenPoseJson, type OpenPoseJson } from '../../src/pose/index';

/** The signing secret the test apps use, so tests can forge (and expire) URLs on purpose. */
export const TEST_STORAGE_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** The environment of a test server: not production, with the Auth Emulator opted in. */
export const TEST_ENV = { NODE_ENV: 'test', AUTH_EMULATOR: '1' } as const;

const created: string[] = [];
// Registered when a test file imports this module, so it runs after the file's own afterAll (apps closed).
afterAll(() => {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh, empty data folder in the system temp folder, removed after the test file. */
export function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-test-data-'));
  created.push(dir);
  return dir;
}

/** Server config on a data folder, with fast polling and the given environment and queue overrides. */
export function testConfig(dataDir: string, env: Record<string, string> = {}, jobs: Partial<GenerationConfig['jobs']> = {}): ServerConfig {
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, STORAGE_SECRET: TEST_STORAGE_SECRET, JOB_POLL_MS: '20', ...env });
  config.generation.jobs = { ...config.generation.jobs, ...jobs };
  return config;
}

/** Builds an app on a data folder (seeded from the PGlite template if new); with workers: true its workers run as after listen. */
export async function generationApp(
  dataDir: string,
  options: { env?: Record<string, string>; jobs?: Partial<GenerationConfig['jobs']>; engines?: Engine[]; workers?: boolean } = {},
): Promise<FastifyInstance> {
  if (!fs.existsSync(path.join(dataDir, 'db'))) await seedDatabase(dataDir);
  const app = await buildApp(testConfig(dataDir, options.env, options.jobs), undefined, options.engines);
  if (options.workers) await app.generation.start();
  return app;
}

/** The authorization header of a test user. */
export function bearer(user: { idToken: string }): { authorization: string } {
  return { authorization: `Bearer ${user.idToken}` };
}

/**
 * Polls until check returns something truthy, or fails after timeoutMs. The pause grows from 25 ms to
 * 250 ms, so a check that calls the API stays under its per-user rate limits (history: 180 a minute)
 * however long a loaded machine takes.
 */
export async function waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 25; ; pause = Math.min(250, pause * 1.5)) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** The built-in standing person (400 x 600) with both hands, as people JSON. */
export function samplePose(): OpenPoseJson {
  const doc = createDefaultPoseDocument();
  doc.people[0] = attachDefaultHand(attachDefaultHand(doc.people[0], 'left'), 'right');
  return toOpenPoseJson(doc);
}

/** A walk of `count` frames for a video prompt: the sample pose moved 4 px right a frame. */
export function walkingPoses(count: number): OpenPoseJson[] {
  return Array.from({ length: count }, (_, f) => {
    const pose = samplePose();
    const shift = (points: number[]) => points.map((v, i) => (i % 3 === 0 && v > 0 ? v + 4 * f : v));
    return { ...pose, people: pose.people.map((p) => ({ ...p, pose_keypoints_2d: shift(p.pose_keypoints_2d) })) };
  });
}

/** A valid query_prompt body; fields may be overridden. */
export function promptBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { prompt: 'a dancer on a stage', negative_prompt: 'blurry', width: 640, height: 360, gNumber: 3, seed: 1234, pose: samplePose(), ...overrides };
}
