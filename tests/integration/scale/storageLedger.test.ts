import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { openDatabase } from '../../../server/db/openDatabase';
import { StorageLedger } from '../../../server/storage/storageLedger';
import { describeKey, uploadKey, userPrefix } from '../../../server/storage/storageKeys';
import { tempDataDir } from '../../support/generationApp';
import { startPostgres, type PostgresServer } from '../../support/postgresServer';

// The storage ledger on a Postgres server (pooled connections, so statements really run at once)
// and on PGlite: the quota holds under concurrent uploads, and giving bytes back twice counts once.

let postgres: PostgresServer;
const databases: Array<[string, Database]> = [];

beforeAll(async () => {
  postgres = await startPostgres();
  databases.push(['Postgres', await openDatabase({ databaseUrl: await postgres.createDatabase('ledger'), pgliteDir: '' })]);
  databases.push(['PGlite', await openDatabase({ databaseUrl: null, pgliteDir: path.join(tempDataDir(), 'db') })]);
}, 120_000);
afterAll(async () => {
  for (const [, db] of databases) await db.close();
  await postgres?.stop();
});

describe.each(['Postgres', 'PGlite'])('the storage ledger on %s', (name) => {
  const ledger = () => new StorageLedger(databases.find(([n]) => n === name)![1]);

  it('lets 20 uploads asked for at once hold no more than the quota: exactly 10 of 100 bytes under 1,000', async () => {
    const uid = `racer-${name}`;
    const keys = Array.from({ length: 20 }, (_, i) => uploadKey(uid, 'estimation', `p${i}.png`, 'image/png'));
    const results = await Promise.all(keys.map((key) => ledger().holdUpload(key, describeKey(key)!, 100, 1000)));
    expect(results.filter((r) => r.held)).toHaveLength(10);
    expect(await ledger().usedBytes(userPrefix(uid))).toBe(1000);
    const refused = results.find((r) => !r.held)!;
    expect(refused.usedBytes).toBe(1000);
    // Forgotten by two sweeps at once, every byte comes back once.
    const freed = await Promise.all([ledger().forget(keys), ledger().forget(keys)]);
    expect(freed[0] + freed[1]).toBe(1000);
    expect(await ledger().usedBytes(userPrefix(uid))).toBe(0);
  });

  it('counts a file written again at its new size, and knows what an upload holds', async () => {
    const uid = `writer-${name}`;
    const key = `${userPrefix(uid)}/jobs/0b8f1c9e-6a51-4c4e-9d3a-2f7d1e0c5b11/run/image-1.png`;
    await ledger().record(key, describeKey(key)!, 5000);
    await ledger().record(key, describeKey(key)!, 3000);
    expect(await ledger().usedBytes(userPrefix(uid))).toBe(3000);
    expect(await ledger().bytesOf(key)).toBe(3000);
    expect(await ledger().bytesOf(`${key}.other`)).toBeNull();
    const upload = uploadKey(uid, 'estimation', 'a.png', 'image/png');
    expect(await ledger().holdUpload(upload, describeKey(upload)!, 700, null)).toEqual({ held: true, usedBytes: 3700 });
    expect(await ledger().uploadsBefore(new Date(Date.now() + 60_000), 10)).toContain(upload);
    expect(await ledger().forget([key, upload])).toBe(3700);
  });
});
