import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { testConfig } from './generationApp';
import { samplePose } from './generationApp';
import type { PostgresServer } from './postgresServer';

/** Two API instances on one Postgres database, sharing one files folder, as a deployment runs them. */
export async function twoInstances(postgres: PostgresServer, database: string): Promise<{ a: FastifyInstance; b: FastifyInstance; root: string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `posecraft-${database}-`));
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const env = {
    ...(host ? { FIREBASE_AUTH_EMULATOR_HOST: host } : {}),
    DATABASE_URL: await postgres.createDatabase(database),
    FILES_DIR: path.join(root, 'files'),
    ESTIMATOR_PRELOAD: '0',
  };
  const [a, b] = await Promise.all(['a', 'b'].map((name) => buildApp(testConfig(path.join(root, name), env))));
  return { a: a!, b: b!, root };
}

/** A call's answer: status, envelope and headers. */
export interface Answer {
  status: number;
  body: { code: number; data?: any; response_metadata?: { error: { code_n: number; description: string } } };
  headers: Record<string, unknown>;
}

/** Calls an instance with a bearer token (a Firebase ID token or a personal access token). */
export async function callWith(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Answer> {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** A random number source from a seed (mulberry32), so a failing case can be made again. */
export function seeded(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A POSE_KEYPOINT list of `frames` frames of `people` people (the standing sample, each placed and
 * moved at random, every shown point jittered), as a ComfyUI pose node passes it.
 */
export function randomFrames(random: () => number, frames: number, people: number): Array<Record<string, unknown>> {
  const base = samplePose();
  const offsets = Array.from({ length: people }, () => [(random() - 0.5) * 160, (random() - 0.5) * 120]);
  return Array.from({ length: frames }, (_, f) => ({
    canvas_width: base.canvas_width,
    canvas_height: base.canvas_height,
    people: offsets.map(([dx, dy]) => {
      const person = base.people[0]!;
      const move = (points: number[] | undefined) =>
        (points ?? []).map((v, i) => (i % 3 === 2 || points![i - (i % 3) + 2] === 0 ? v : v + (i % 3 === 0 ? dx! + 3 * f : dy!) + (random() - 0.5) * 6));
      return {
        pose_keypoints_2d: move(person.pose_keypoints_2d),
        face_keypoints_2d: move(person.face_keypoints_2d),
        hand_left_keypoints_2d: move(person.hand_left_keypoints_2d),
        hand_right_keypoints_2d: move(person.hand_right_keypoints_2d),
      };
    }),
  }));
}

/** Width and height of a PNG, from its IHDR chunk. */
export function pngSize(base64: string): { width: number; height: number } {
  const png = Buffer.from(base64, 'base64');
  if (png.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
