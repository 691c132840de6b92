import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../../server/app';
import type { Engine } from '../../server/engines/engine';
import type { Estimator } from '../../server/estimator/processEstimator';
import type { TestUser } from './emulator';
import { testConfig } from './generationApp';

/** The Auth Emulator's address for a server's environment, when the tests run against one. */
export function emulatorEnv(): Record<string, string> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  return host ? { FIREBASE_AUTH_EMULATOR_HOST: host } : {};
}

/** What one API instance of several on one Postgres database is built with. */
export interface InstanceOptions {
  /** More environment (an engine, limits); the database, files folder and emulator are set. */
  env?: Record<string, string>;
  engines?: Engine[];
  estimator?: Estimator;
  /** Listen on a free port of 127.0.0.1 (default), for tests that call it over HTTP and sockets. */
  listen?: boolean;
}

/**
 * Builds one API instance on `databaseUrl` with its own data folder `root/name` and the files folder
 * `root/files` that every instance shares (as instances behind one load balancer share their storage).
 */
export async function startInstance(root: string, name: string, databaseUrl: string, options: InstanceOptions = {}): Promise<FastifyInstance> {
  const env = { ...emulatorEnv(), DATABASE_URL: databaseUrl, FILES_DIR: path.join(root, 'files'), ESTIMATOR_PRELOAD: '0', ...options.env };
  const app = await buildApp(testConfig(path.join(root, name), env), undefined, options.engines, options.estimator);
  if (options.listen ?? true) await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** The base URL of a listening instance. */
export const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

/** Calls a listening instance as a user; the answer's status and its JSON body. */
export async function callAs(app: FastifyInstance, user: TestUser, pathAndQuery: string, init: RequestInit = {}) {
  const res = await fetch(`${urlOf(app)}${pathAndQuery}`, { ...init, headers: { authorization: `Bearer ${user.idToken}`, ...init.headers } });
  return { status: res.status, body: (await res.json()) as { data: any } };
}

/** Opens a user's estimator socket on a listening instance, collecting its messages as they come. */
export async function estimatorSocketOn<Message>(app: FastifyInstance, user: TestUser): Promise<{ ws: WebSocket; messages: Message[] }> {
  const messages: Message[] = [];
  const ws = new WebSocket(`${urlOf(app).replace('http', 'ws')}/ws_estimator?access_token=${encodeURIComponent(user.idToken)}`);
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as Message));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, messages };
}
