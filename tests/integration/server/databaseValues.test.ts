import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { openDatabase } from '../../../server/db/openDatabase';
import { json } from '../../../server/db/sqlValues';
import { JobStore } from '../../../server/jobs/jobStore';
import { PoseStore } from '../../../server/library/poseStore';
import { PromptChanges } from '../../../server/events/promptChanges';
import { samplePose, tempDataDir } from '../../support/generationApp';
import { startPostgres, type PostgresServer } from '../../support/postgresServer';

// The database wrappers on a Postgres server (pg) and on PGlite: a caller passes json values and
// gets numbers and objects back, with no cast or JSON text of its own, the same from each driver.

let postgres: PostgresServer;
const databases = new Map<string, Database>();

beforeAll(async () => {
  postgres = await startPostgres();
  databases.set('Postgres', await openDatabase({ databaseUrl: await postgres.createDatabase('values'), pgliteDir: '' }));
  databases.set('PGlite', await openDatabase({ databaseUrl: null, pgliteDir: path.join(tempDataDir(), 'db') }));
  for (const db of databases.values()) {
    await db.exec(`CREATE TABLE sample (id serial PRIMARY KEY, big bigint, exact numeric, small integer, single real, doc json, docb jsonb)`);
  }
}, 120_000);
afterAll(async () => {
  for (const db of databases.values()) await db.close();
  await postgres?.stop();
});

const nested = { name: 'Zoe', tags: ['front', 'test'], hands: [{ x: 1.5, y: null }], empty: {} };

describe.each(['Postgres', 'PGlite'])('the database wrapper on %s', (driver) => {
  const db = () => databases.get(driver)!;

  it('gives counts, bigint and numeric columns, and sums of them back as numbers', async () => {
    await db().query('DELETE FROM sample');
    await db().query(
      'INSERT INTO sample (big, exact, small, single) VALUES ($1, $2, $3, $4), ($5, $6, $7, $8)',
      [9_000_000_000_000, 2.5, 7, 0.25, 3, 0.125, 1, 0.5],
    );
    const { rows } = await db().query('SELECT count(*) AS n, sum(big) AS big_sum, sum(small) AS small_sum, max(big) AS big, sum(exact) AS exact FROM sample');
    expect(rows).toEqual([{ n: 2, big_sum: 9_000_000_000_003, small_sum: 8, big: 9_000_000_000_000, exact: 2.625 }]);
    const sorted = await db().query('SELECT big, exact, small, single FROM sample ORDER BY big');
    expect(sorted.rows).toEqual([
      { big: 3, exact: 0.125, small: 1, single: 0.5 },
      { big: 9_000_000_000_000, exact: 2.5, small: 7, single: 0.25 },
    ]);
  });

  it('takes json and jsonb parameters as values (objects, arrays, strings, null) and gives them back as values', async () => {
    const values = [nested, ['a', { b: [1, 2] }], 'just text', 42, null];
    for (const value of values) {
      const { rows } = await db().query('INSERT INTO sample (doc, docb) VALUES ($1, $2) RETURNING doc, docb', [json(value), json(value)]);
      expect(rows).toEqual([{ doc: value, docb: value }]);
    }
    // jsonb operators see the value itself, not a string holding it.
    const { rows } = await db().query(`SELECT docb->'tags'->>1 AS tag, jsonb_typeof(docb) AS kind FROM sample WHERE docb @> $1`, [json({ name: 'Zoe' })]);
    expect(rows).toEqual([{ tag: 'test', kind: 'object' }]);
  });

  it('keeps a plain array parameter a Postgres array, beside json ones, in a transaction too', async () => {
    const rows = await db().transaction(async (tx) => {
      const inserted = await tx.query<{ id: number }>('INSERT INTO sample (docb) SELECT $2 FROM unnest($1::int[]) RETURNING id', [[1, 2, 3], json(['x'])]);
      return (await tx.query('SELECT count(*) AS n, $2::jsonb AS echo FROM sample WHERE id = ANY($1::int[])', [inserted.rows.map((r) => r.id), json({ a: 1 })]))
        .rows;
    });
    expect(rows).toEqual([{ n: 3, echo: { a: 1 } }]);
  });

  it("gives the stores' callers numbers and objects: a saved pose's tags and pose, a count, a refusal's active cost", async () => {
    const poses = new PoseStore(db());
    const userId = `values-${driver}`;
    const pose = samplePose();
    const saved = await poses.insert({ id: crypto.randomUUID(), userId, name: 'Standing', tags: ['front', 'test'], kind: 'body', pose, thumbnailKey: 'k' }, 10);
    expect(saved).toMatchObject({ tags: ['front', 'test'], pose });
    const renamed = await poses.update(userId, saved!.id, { tags: ['back'] });
    expect(renamed!.tags).toEqual(['back']);
    expect(await poses.count(userId)).toBe(1);
    expect((await poses.list(userId, { page: 1, pageSize: 10 })).total).toBe(1);

    const jobs = new JobStore(db(), new PromptChanges());
    const job = {
      userId,
      prompt: 'a dancer',
      negativePrompt: '',
      settings: { width: 512, height: 512, gNumber: 1, seed: 7 },
      pose,
      engine: 'mannequin' as const,
      cost: 1.5,
    };
    await jobs.enqueue({ ...job, id: crypto.randomUUID() }, 5, 10);
    expect(await jobs.enqueue({ ...job, id: crypto.randomUUID() }, 1, 10)).toEqual({ queued: false, active: 1, activeCost: 1.5 });
    const { items, total } = await jobs.list(userId, 1, 10);
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ prompt: 'a dancer', settings: { seed: 7, gNumber: 1 }, images: [], queue_position: 1 });
  });
});
