import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { MIGRATIONS } from '../../../server/db/migrations';
import { openDatabase } from '../../../server/db/openDatabase';
import { JobQueue } from '../../../server/jobs/jobQueue';
import { JobStore, SHORT_QUEUE } from '../../../server/jobs/jobStore';
import { PromptChanges } from '../../../server/events/promptChanges';
import { samplePose, tempDataDir } from '../../support/generationApp';
import { seedDatabase } from '../../support/pgliteTemplate';

const LEASE_MS = 300;
// A truly fresh folder (no template): these tests also prove the migrations run on an empty database.
const dataDir = tempDataDir();
// Set TEST_DATABASE_URL to run the same tests on a Postgres server as well.
const backends: Array<[string, () => { databaseUrl: string | null; pgliteDir: string }]> = [
  ['PGlite', () => ({ databaseUrl: null, pgliteDir: path.join(dataDir, 'db') })],
  ...(process.env.TEST_DATABASE_URL
    ? [
        ['Postgres', () => ({ databaseUrl: process.env.TEST_DATABASE_URL!, pgliteDir: '' })] as [
          string,
          () => { databaseUrl: string | null; pgliteDir: string },
        ],
      ]
    : []),
];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('the job queue on %s', (_name, location) => {
  let db: Database;
  let store: JobStore;
  let queue: JobQueue;

  async function enqueue(userId = 'u1'): Promise<string> {
    const id = crypto.randomUUID();
    const job = {
      id,
      userId,
      prompt: 'p',
      negativePrompt: '',
      settings: { width: 8, height: 8, gNumber: 1, seed: 1 },
      pose: samplePose(),
      engine: 'mannequin' as const,
      cost: 1,
    };
    expect(await store.enqueue(job, 1000, 1e9)).toMatchObject({ queued: true });
    return id;
  }
  const statusOf = async (id: string) =>
    (await db.query<{ status: string; error: string | null; attempts: number }>('SELECT status, error, attempts FROM jobs WHERE id = $1', [id])).rows[0];

  // A fresh PGlite folder's initdb and migrations: 3-5 s, several times that on a loaded machine.
  beforeAll(async () => {
    db = await openDatabase(location());
    store = new JobStore(db, new PromptChanges());
    queue = new JobQueue(db, new PromptChanges(), LEASE_MS, 2);
  }, 60_000);
  afterAll(() => db.close());
  beforeEach(() => db.exec('TRUNCATE jobs CASCADE'));

  it('has run its migrations once; running them again changes nothing', async () => {
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ id: number }>('SELECT id FROM schema_migrations');
    expect(rows.map((r) => r.id).sort((x, y) => x - y)).toEqual(MIGRATIONS.map((m) => m.id));
  });

  it('hands out jobs oldest first, each to one worker', async () => {
    const ids = [await enqueue(), await enqueue(), await enqueue()];
    const claimed = await Promise.all([
      queue.claim('a', 'mannequin'),
      queue.claim('b', 'mannequin'),
      queue.claim('c', 'mannequin'),
      queue.claim('d', 'mannequin'),
    ]);
    expect(
      claimed
        .filter(Boolean)
        .map((j) => j!.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(claimed.filter((j) => j === null)).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ status: 'running', attempts: 1, settings: { width: 8 }, engine: 'mannequin' });
  });

  it("reclaims a dead worker's job when its lease runs out, and ignores the dead worker afterwards", async () => {
    const id = await enqueue();
    expect((await queue.claim('dead', 'mannequin'))!.id).toBe(id);
    expect(await queue.claim('alive', 'mannequin')).toBeNull();
    await sleep(LEASE_MS + 100);
    const again = await queue.claim('alive', 'mannequin');
    expect(again).toMatchObject({ id, attempts: 2, worker: 'alive' });
    expect(await queue.heartbeat(id, 'dead', 0.5)).toEqual({ leaseHeld: false, stopRequested: false });
    const image = { storage_key: 'k', width: 8, height: 8, engine: 'mannequin' as const };
    expect(await queue.complete(id, 'dead', [image])).toBe(false);
    expect(await queue.complete(id, 'alive', [image])).toBe(true);
    const { rows } = await db.query<{ images: unknown }>('SELECT images FROM jobs WHERE id = $1', [id]);
    expect(rows[0].images).toEqual([image]);
    expect((await statusOf(id)).status).toBe('done');
  });

  it('keeps the lease while the worker sends heartbeats', async () => {
    const id = await enqueue();
    await queue.claim('busy', 'mannequin');
    for (let i = 0; i < 5; i++) {
      await sleep(LEASE_MS / 3);
      expect((await queue.heartbeat(id, 'busy', i / 5)).leaseHeld).toBe(true);
      expect(await queue.claim('other', 'mannequin')).toBeNull();
    }
  });

  it('fails a job with a reason after its workers died too often, instead of leaving it running', async () => {
    const id = await enqueue();
    await queue.claim('w1', 'mannequin');
    await sleep(LEASE_MS + 100);
    await queue.claim('w2', 'mannequin');
    await sleep(LEASE_MS + 100);
    expect(await queue.claim('w3', 'mannequin')).toBeNull();
    expect(await queue.sweepAbandoned()).toBe(1);
    const job = await statusOf(id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe('The job was interrupted 2 times (its worker stopped responding); giving up');
  });

  it('gives a released job back to the queue without counting the attempt, unless a stop was asked', async () => {
    const id = await enqueue();
    await queue.claim('w', 'mannequin');
    expect(await queue.release(id, 'w')).toBe(true);
    expect(await statusOf(id)).toMatchObject({ status: 'queued', attempts: 0 });
    await queue.claim('w', 'mannequin');
    expect(await store.requestStop(id)).toBe(true);
    expect(await queue.heartbeat(id, 'w', 0.1)).toEqual({ leaseHeld: true, stopRequested: true });
    await queue.release(id, 'w');
    expect((await statusOf(id)).status).toBe('stopped');
  });

  it('gives back the job of an engine that stopped answering, counting the attempt, and fails it with the reason after the last', async () => {
    const id = await enqueue();
    await queue.claim('gpu1', 'mannequin');
    expect(await queue.giveBack(id, 'someone-else', 'down')).toBeNull();
    expect(await queue.giveBack(id, 'gpu1', 'ComfyUI at http://gpu1 is not reachable')).toBe('queued');
    expect(await statusOf(id)).toEqual({ status: 'queued', error: null, attempts: 1 });
    expect(await queue.claim('gpu2', 'mannequin')).toMatchObject({ id, attempts: 2 });
    expect(await queue.giveBack(id, 'gpu2', 'ComfyUI at http://gpu2 is not reachable')).toBe('failed');
    expect(await statusOf(id)).toEqual({ status: 'failed', error: 'ComfyUI at http://gpu2 is not reachable', attempts: 2 });
  });

  it('fails a job given back by a server that stopped answering once no server took it in time; other queued jobs wait on', async () => {
    const patient = new JobQueue(db, new PromptChanges(), LEASE_MS, 3, 50);
    const waiting = await enqueue();
    await patient.claim('gpu1', 'mannequin');
    expect(await patient.giveBack(waiting, 'gpu1', 'ComfyUI at http://gpu1 is not reachable')).toBe('queued');
    const untouched = await enqueue();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await patient.sweepAbandoned()).toBe(1);
    expect(await statusOf(waiting)).toEqual({
      status: 'failed',
      error: "The engine's server stopped answering and no other server took the job within 0.1 s; giving up",
      attempts: 1,
    });
    expect(await statusOf(untouched)).toEqual({ status: 'queued', error: null, attempts: 0 });
  });

  it('caps unfinished jobs per user in one statement; the list counts queue positions', async () => {
    const first = crypto.randomUUID();
    const job = {
      id: first,
      userId: 'capped',
      prompt: 'p',
      negativePrompt: '',
      settings: { width: 8, height: 8, gNumber: 1, seed: 1 },
      pose: samplePose(),
      engine: 'mannequin' as const,
      cost: 10,
    };
    expect(await store.enqueue(job, 2, 100)).toEqual({ queued: true, shortQueue: true });
    expect(await store.enqueue({ ...job, id: crypto.randomUUID() }, 2, 100)).toEqual({ queued: true, shortQueue: true });
    expect(await store.enqueue({ ...job, id: crypto.randomUUID() }, 2, 100)).toEqual({ queued: false, active: 2, activeCost: 20 });
    const { items, total } = await store.list('capped', 1, 10);
    expect(total).toBe(2);
    expect(items.map((i) => i.queue_position)).toEqual([2, 1]);
  });

  it(`says the queue is short up to ${SHORT_QUEUE} queued jobs, so that only then an answer counts the new job's place`, async () => {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*) AS n FROM jobs WHERE status = 'queued'`);
    const job = (i: number) => ({
      id: crypto.randomUUID(),
      userId: `crowd-${i}`,
      prompt: 'p',
      negativePrompt: '',
      settings: { width: 8, height: 8, gNumber: 1, seed: 1 },
      pose: samplePose(),
      engine: 'mannequin' as const,
      cost: 1,
    });
    const room = SHORT_QUEUE - rows[0]!.n;
    const filling = await store.enqueueMany(
      Array.from({ length: room }, (_, i) => job(i)),
      10,
      100,
    );
    expect(filling.at(-1)).toEqual({ queued: true, shortQueue: true });
    expect(await store.enqueue(job(room), 10, 100)).toEqual({ queued: true, shortQueue: false });
    await db.query(`DELETE FROM jobs WHERE user_id LIKE 'crowd-%'`);
  });

  it("caps the cost of a user's unfinished jobs, counting only queued and running ones", async () => {
    const job = {
      id: crypto.randomUUID(),
      userId: 'costly',
      prompt: 'p',
      negativePrompt: '',
      settings: { width: 8, height: 8, gNumber: 1, seed: 1 },
      pose: samplePose(),
      engine: 'mannequin' as const,
      cost: 60,
    };
    expect(await store.enqueue(job, 10, 100)).toMatchObject({ queued: true });
    expect(await store.enqueue({ ...job, id: crypto.randomUUID() }, 10, 100)).toEqual({ queued: false, active: 1, activeCost: 60 });
    await store.stopQueued(job.id);
    expect(await store.enqueue({ ...job, id: crypto.randomUUID() }, 10, 100)).toMatchObject({ queued: true });
  });

  it("takes jobs round-robin across users: a burst waits behind another user's single job", async () => {
    const burst = [];
    for (let i = 0; i < 4; i++) burst.push(await enqueue('burst'));
    const single = await enqueue('single');
    const { items } = await store.list('single', 1, 10);
    expect(items[0].queue_position).toBe(2);
    const order = [];
    for (let job = await queue.claim('w', 'mannequin'); job; job = await queue.claim('w', 'mannequin')) {
      order.push(job.id);
      await queue.complete(job.id, 'w', []);
    }
    expect(order).toEqual([burst[0], single, burst[1], burst[2], burst[3]]);
  });

  it('lists without poses, and brings the pose for one prompt_id', async () => {
    const id = await enqueue('lister');
    const [listed] = (await store.list('lister', 1, 10)).items;
    expect(listed.pose).toBeNull();
    const [one] = (await store.list('lister', 1, 10, id)).items;
    expect(one.pose).toEqual(samplePose());
  });
});

describe('the PGlite folder lock', () => {
  it('refuses a second opener of the same folder, and frees the folder on close', async () => {
    const dataDir = tempDataDir();
    await seedDatabase(dataDir);
    const dir = path.join(dataDir, 'db');
    const db = await openDatabase({ databaseUrl: null, pgliteDir: dir });
    await expect(openDatabase({ databaseUrl: null, pgliteDir: dir })).rejects.toThrow(/in use by process \d+.*set DATABASE_URL/);
    await db.close();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  }, 30_000);

  it('takes over the lock file of a process that no longer exists', async () => {
    const { acquireFolderLock } = await import('../../../server/db/folderLock');
    const file = path.join(tempDataDir(), 'stale.lock');
    fs.writeFileSync(file, JSON.stringify({ pid: 2 ** 22 + 12345, host: (await import('node:os')).hostname() }));
    const release = acquireFolderLock(file);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
    expect(() => acquireFolderLock(file)).toThrow(/in use/);
    release();
  });
});
