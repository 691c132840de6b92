import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { openDatabase } from '../../../server/db/openDatabase';
import type { NewJob } from '../../../server/jobs/jobStore';
import { JobStore } from '../../../server/jobs/jobStore';
import { SubmissionGroups } from '../../../server/jobs/submissionGroups';
import { StorageLedger } from '../../../server/storage/storageLedger';
import { StorageQuota } from '../../../server/storage/storageQuota';
import { userPrefix } from '../../../server/storage/storageKeys';
import { PromptChanges } from '../../../server/events/promptChanges';
import { samplePose, tempDataDir } from '../../support/generationApp';
import { seedDatabase } from '../../support/pgliteTemplate';

// Prompts submitted at once are stored in groups (one quota read and one insert for a group): each
// is still checked against its own user's limits and quota, and one that fails loses no other.

const MAX_ACTIVE = 2;
const QUOTA_BYTES = 10 * 1024 * 1024;
const settings = { width: 64, height: 64, gNumber: 1, seed: 1 };
// Set TEST_DATABASE_URL to run the same tests on a Postgres server as well.
const backends: Array<[string, (dataDir: string) => { databaseUrl: string | null; pgliteDir: string }]> = [
  ['PGlite', (dataDir) => ({ databaseUrl: null, pgliteDir: path.join(dataDir, 'db') })],
  ...(process.env.TEST_DATABASE_URL
    ? [
        ['Postgres', () => ({ databaseUrl: process.env.TEST_DATABASE_URL!, pgliteDir: '' })] as [
          string,
          () => { databaseUrl: string | null; pgliteDir: string },
        ],
      ]
    : []),
];

describe.each(backends)('prompts submitted at once, on %s', (_name, location) => {
  let db: Database;
  let store: JobStore;
  let groups: SubmissionGroups;
  const run = crypto.randomUUID().slice(0, 8);
  const uid = (name: string) => `${name}-${run}`;
  const job = (user: string, prompt = 'a dancer'): NewJob => ({
    id: crypto.randomUUID(),
    userId: uid(user),
    prompt,
    negativePrompt: '',
    settings,
    pose: samplePose(),
    engine: 'mannequin',
    cost: 1,
  });
  /** Submits all at once, as concurrent requests do; each settles on its own. */
  const submitAll = (jobs: NewJob[]) => Promise.allSettled(jobs.map((j) => groups.submit(j)));
  const queuedIds = async (user: string) => (await store.list(uid(user), 1, 100)).items.filter((i) => i.status === 'queued').map((i) => i.id);

  beforeAll(async () => {
    const dataDir = tempDataDir();
    await seedDatabase(dataDir);
    db = await openDatabase(location(dataDir));
    store = new JobStore(db, new PromptChanges());
    const quota = new StorageQuota({ userBytes: QUOTA_BYTES, uploadTtlMs: 60_000, historyRetentionMs: null }, db, new StorageLedger(db));
    groups = new SubmissionGroups(store, quota, { maxActive: MAX_ACTIVE, maxCost: 1000 });
  });
  afterAll(() => db?.close());

  it('queues every one, each in the fair order in the order they came', async () => {
    const users = Array.from({ length: 12 }, (_, i) => `first-${i}`);
    const jobs = users.map((user) => job(user));
    const results = await submitAll(jobs);
    expect(results).toEqual(jobs.map(() => ({ status: 'fulfilled', value: { queued: true, shortQueue: true } })));
    // None of these users has run anything: they wait in the order they asked.
    const places = await Promise.all(users.map(async (user) => (await store.list(uid(user), 1, 1)).items[0]!.queue_position));
    expect(places.slice(1).every((place, i) => place! > places[i]!)).toBe(true);
  });

  it('holds each user to their limit even when their prompts arrive together', async () => {
    const jobs = [job('eager'), job('eager'), job('eager'), job('calm')];
    const results = await submitAll(jobs);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason))).toEqual([
      { queued: true, shortQueue: true },
      { queued: true, shortQueue: true },
      { queued: false, active: MAX_ACTIVE, activeCost: 2 },
      { queued: true, shortQueue: true },
    ]);
    expect((await queuedIds('eager')).sort()).toEqual([jobs[0]!.id, jobs[1]!.id].sort());
  });

  it("refuses only the prompt that passes its user's storage quota, with the quota's message", async () => {
    await db.query('INSERT INTO storage_usage (owner, bytes) VALUES ($1, $2)', [userPrefix(uid('full')), QUOTA_BYTES]);
    const jobs = [job('before-full'), job('full'), job('after-full')];
    const [before, full, after] = await submitAll(jobs);
    expect(before).toEqual({ status: 'fulfilled', value: { queued: true, shortQueue: true } });
    expect(after).toEqual({ status: 'fulfilled', value: { queued: true, shortQueue: true } });
    expect(full.status).toBe('rejected');
    expect((full as PromiseRejectedResult).reason).toMatchObject({
      status: 507,
      message: expect.stringMatching(/^Your storage is full: you use 10.0 MB of your 10.0 MB/),
    });
    expect(await queuedIds('full')).toEqual([]);
    expect(await queuedIds('after-full')).toEqual([jobs[2]!.id]);
  });

  it('stores the others when the database refuses one of a group', async () => {
    // Postgres text cannot hold NUL: the group's insert fails, so each is stored on its own.
    const jobs = [job('with-good-1'), job('with-bad', 'a \u0000 dancer'), job('with-good-2')];
    const [good1, bad, good2] = await submitAll(jobs);
    expect(good1).toEqual({ status: 'fulfilled', value: { queued: true, shortQueue: true } });
    expect(good2).toEqual({ status: 'fulfilled', value: { queued: true, shortQueue: true } });
    expect(bad.status).toBe('rejected');
    expect(await queuedIds('with-good-1')).toEqual([jobs[0]!.id]);
    expect(await queuedIds('with-good-2')).toEqual([jobs[2]!.id]);
    expect(await queuedIds('with-bad')).toEqual([]);
  });
});
