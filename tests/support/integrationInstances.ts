import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startInstance } from './instances';
import { startPostgres } from './postgresServer';

/** Two API instances on one database of their own Postgres server, as a deployment runs them; close() ends all three. */
export interface TwoInstances {
  a: FastifyInstance;
  b: FastifyInstance;
  close(): Promise<void>;
}

/** Starts a Postgres server and two instances on its database `database`, sharing one files folder. */
export async function twoInstances(database: string): Promise<TwoInstances> {
  const postgres = await startPostgres();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `posecraft-${database}-`));
  const databaseUrl = await postgres.createDatabase(database);
  const [a, b] = await Promise.all(['a', 'b'].map((name) => startInstance(root, name, databaseUrl, { listen: false })));
  return {
    a: a!,
    b: b!,
    async close() {
      await Promise.allSettled([a!.close(), b!.close()]);
      await postgres.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
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
