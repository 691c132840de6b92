import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../support/emulator';
import { promptBody, waitFor } from '../../support/generationApp';
import { readPngSize } from '../../support/pngInfo';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';
import { startPostgres, type PostgresServer } from '../../support/postgresServer';

// Two real API server processes on one real Postgres server, as docs/deploy.md runs them:
// 50 prompts through both, one instance killed (SIGKILL) while it runs a job.

const PROMPTS = 50;
const IMAGES_PER_PROMPT = 2;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-cluster-'));
let postgres: PostgresServer;
let databaseUrl: string;
let db: pg.Client;
/** The running instances; a and b are the ones started as "a" and "b". */
const instances: ServerProcess[] = [];
let a: ServerProcess;
let b: ServerProcess;
let users: TestUser[];

/** Starts instance `name` on its own data folder, with the shared database, signing secret and files. */
async function start(name: string): Promise<ServerProcess> {
  const instance = await startServerProcess(path.join(root, name), {
    // Named, so the test can tell when the killed instance's connections are gone.
    DATABASE_URL: `${databaseUrl}?application_name=posecraft-${name}`,
    FILES_DIR: path.join(root, 'files'),
    JOB_WORKERS: '2',
    JOB_LEASE_S: '2',
    JOB_POLL_MS: '100',
  });
  instances.push(instance);
  return instance;
}

/** Kills an instance with a signal and waits for it to exit. */
async function kill(instance: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill(signal);
  await instance.exited;
}

const api = async (instance: ServerProcess, user: TestUser, pathAndQuery: string, init: RequestInit = {}) => {
  const res = await fetch(`${instance.base}${pathAndQuery}`, {
    ...init,
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', ...init.headers },
  });
  const body = (await res.json()) as { code: number; data: any };
  if (res.status !== 200) throw new Error(`${pathAndQuery} answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data;
};

/** Every history item of a user, as one instance answers it. */
const historyOf = async (instance: ServerProcess, user: TestUser) => (await api(instance, user, '/v1/history?page_size=100')).items as any[];

/** Checks, from one instance, that every user's history lists all their prompts done with fetchable images. */
async function expectCompleteHistory(instance: ServerProcess, expected: Map<string, string[]>) {
  for (const user of users) {
    const items = await historyOf(instance, user);
    expect(items.map((i) => i.prompt_id).sort()).toEqual([...expected.get(user.uid)!].sort());
    for (const item of items) {
      expect(item.status).toBe('done');
      expect(item.images).toHaveLength(IMAGES_PER_PROMPT);
    }
    // Signed by this instance, served by the other ones too (same secret, same files).
    for (const other of instances) {
      const res = await fetch(`${other.base}${items[0].images[0].url}`);
      expect(res.status).toBe(200);
      expect(readPngSize(Buffer.from(await res.arrayBuffer()))).toEqual({ width: 96, height: 64 });
    }
  }
}

beforeAll(async () => {
  postgres = await startPostgres();
  databaseUrl = await postgres.createDatabase('cluster');
  users = await Promise.all(['ann', 'ben', 'cy', 'dee', 'eve'].map((name) => createTestUser(name)));
  // Both start at once: their migrations must not collide.
  [a, b] = await Promise.all([start('a'), start('b')]);
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await Promise.allSettled(instances.map((i) => kill(i, 'SIGKILL')));
  await postgres?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('two API instances on one Postgres server', () => {
  it('has both instances ready on the Postgres server', async () => {
    for (const instance of instances) {
      const res = await fetch(`${instance.base}/v1/ready`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown }).data).toMatchObject({
        status: 'ready',
        database: 'postgres',
        storage: 'local',
        engines: [{ inRotation: true }, { inRotation: true }],
      });
    }
  });

  it('finishes 50 prompts exactly once, even when one instance is killed mid-run', async () => {
    const expected = new Map(users.map((u) => [u.uid, [] as string[]]));
    for (let i = 0; i < PROMPTS; i++) {
      const user = users[i % users.length];
      const instance = i % 2 === 0 ? a : b;
      const body = promptBody({ width: 96, height: 64, gNumber: IMAGES_PER_PROMPT, seed: i + 1 });
      const { prompt_id } = await api(instance, user, '/v1/query_prompt', { method: 'POST', body: JSON.stringify(body) });
      expected.get(user.uid)!.push(prompt_id);
    }

    // Kill b while it runs a job (worker ids are host:pid:…/slot): freeze it first, so the jobs
    // seen running on it are the ones it holds when it dies (thaw and look again if none).
    const onB = `%:${b.child.pid}:%`;
    const runningOnB = async () =>
      (await db.query<{ id: string }>(`SELECT id FROM jobs WHERE status = 'running' AND worker LIKE $1`, [onB])).rows.map((r) => r.id);
    await waitFor(
      async () => {
        process.kill(b.child.pid!, 'SIGSTOP');
        if ((await runningOnB()).length) return true;
        process.kill(b.child.pid!, 'SIGCONT');
        return false;
      },
      60_000,
      'a job running on instance b',
    );
    await kill(b, 'SIGKILL');
    instances.splice(instances.indexOf(b), 1);
    // A statement b sent just before it froze still commits: look once its connections are gone.
    await waitFor(
      async () => {
        const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'posecraft-b'`);
        return rows[0].n === 0;
      },
      30_000,
      "the killed instance's connections to close",
    );
    const stranded = await runningOnB();
    expect(stranded.length).toBeGreaterThan(0);

    // The survivor finishes everything, the stranded jobs once their leases run out.
    await waitFor(
      async () => {
        const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status = 'done'`);
        return rows[0].n === PROMPTS;
      },
      120_000,
      'all 50 prompts to be done',
    );

    const { rows: jobs } = await db.query<{ id: string; attempts: number; worker: string; images: string[] }>(
      `SELECT id, attempts, worker, ARRAY(SELECT image->>'storage_key' FROM json_array_elements(images) AS image) AS images
       FROM jobs WHERE json_array_length(images) > 0`,
    );
    expect(jobs).toHaveLength(PROMPTS);
    for (const job of jobs) {
      // Exactly one run's images: one run folder, one image per requested variant.
      expect(job.images).toHaveLength(IMAGES_PER_PROMPT);
      expect(new Set(job.images.map((key) => path.dirname(key))).size).toBe(1);
    }
    const byId = new Map(jobs.map((j) => [j.id, j]));
    for (const id of stranded) {
      expect(byId.get(id)!.attempts).toBe(2);
      expect(byId.get(id)!.worker).toContain(`:${a.child.pid}:`);
    }
    await expectCompleteHistory(a, expected);

    // The killed instance comes back and sees the same history.
    await expectCompleteHistory(await start('b'), expected);
  }, 180_000);
});
