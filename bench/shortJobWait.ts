import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDefaultPoseDocument, toOpenPoseJson, type OpenPoseJson } from '../src/pose/index';

/** The largest video a prompt may be: 161 frames of 1024 x 1024, one person (337 of the 424 figure-megapixels a prompt may cost). */
const VIDEO = { width: 1024, height: 1024, frames: 161 };

/** A person walking right a pixel a frame, as a frame list. */
function walking(count: number): OpenPoseJson[] {
  return Array.from({ length: count }, (_, f) => {
    const pose = toOpenPoseJson(createDefaultPoseDocument());
    const people = pose.people.map((p) => ({ ...p, pose_keypoints_2d: p.pose_keypoints_2d?.map((v, i) => (i % 3 === 0 && v > 0 ? v + f : v)) ?? [] }));
    return { ...pose, people };
  });
}

async function submit(app: FastifyInstance, uid: string, body: Record<string, unknown>): Promise<string> {
  const pose = toOpenPoseJson(createDefaultPoseDocument());
  const payload = { prompt: 'a dancer', negative_prompt: '', gNumber: 1, seed: 1, pose, ...body };
  const res = await app.inject({ method: 'POST', url: '/v1/query_prompt', headers: { authorization: `Bearer ${uid}` }, payload });
  if (res.statusCode !== 200) throw new Error(`the prompt was refused: ${res.body}`);
  return res.json().data.prompt_id as string;
}

/** A prompt's status and progress from the history (polled within its rate limit of 180 reads a minute). */
async function statusOf(app: FastifyInstance, uid: string, id: string): Promise<{ status: string; progress: number }> {
  const res = await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${id}`, headers: { authorization: `Bearer ${uid}` } });
  if (res.statusCode !== 200) throw new Error(`the history answered ${res.statusCode}`);
  return res.json().data.items[0] as { status: string; progress: number };
}

/** Submits three users' largest videos, then a fourth user's small image; answers the image's wait in ms and how far the videos got meanwhile. */
async function imageWait(shortLane: boolean): Promise<{ ms: number; videos: string[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-bench-lane-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    AUTH_EMULATOR: '1',
    DATA_DIR: dataDir,
    ENGINE: 'mannequin',
    JOB_WORKERS: '1',
    JOB_POLL_MS: '50',
    JOB_SHORT_LANE: shortLane ? '1' : '0',
  });
  // Firebase verification is the auth suite's business, not a bench's.
  const verifier = { verify: async (token: string) => ({ uid: token, email: `${token}@bench.example`, name: token }), close: async () => {} };
  const app = await buildApp(config, verifier);
  try {
    await app.generation.start();
    const frames = walking(VIDEO.frames);
    const videos = await Promise.all(
      ['video-a', 'video-b', 'video-c'].map(
        async (uid) => [uid, await submit(app, uid, { width: VIDEO.width, height: VIDEO.height, frames, fps: 16 })] as const,
      ),
    );
    const started = performance.now();
    const image = await submit(app, 'image-d', { width: 400, height: 600 });
    while ((await statusOf(app, 'image-d', image)).status !== 'done') await new Promise((resolve) => setTimeout(resolve, 400));
    const ms = performance.now() - started;
    const states = await Promise.all(videos.map(async ([uid, id]) => statusOf(app, uid, id)));
    return { ms, videos: states.map((s) => `${s.status} ${(s.progress * 100).toFixed(0)}%`) };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Prints how long a fourth user's small image (400 x 600, one image) waits, from its submission to
 * done, behind three users' largest videos on the mannequin engine with one worker: with the lane
 * for short jobs, and (BENCH_FULL=1, minutes) without it. Target: under 5 s.
 */
export async function runShortJobWaitBench(): Promise<void> {
  console.log(
    `\n## A small image behind three users' largest videos (${VIDEO.frames} frames of ${VIDEO.width} x ${VIDEO.height}), one mannequin worker; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
  for (const shortLane of process.env.BENCH_FULL ? [true, false] : [true]) {
    const { ms, videos } = await imageWait(shortLane);
    console.log(
      `${shortLane ? 'with the short lane' : 'without it'}: the image waited ${(ms / 1000).toFixed(1)} s; the videos meanwhile: ${videos.join(', ')}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runShortJobWaitBench();
