import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { openPglite } from '../../../server/db/pgliteDatabase';

let dir: string;
let db: Database;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-turns-'));
  db = await openPglite(path.join(dir, 'db'));
  await db.exec('CREATE TABLE t (n int)');
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('PGlite under many callers', () => {
  it('lets the event loop run between statements, so a server keeps accepting connections during a burst', async () => {
    const finished: number[] = [];
    let loopTurnsSeen = 0;
    let spinning = true;
    // Counts event-loop turns (the phase where Node accepts connections and reads sockets) during the burst.
    const spin = () =>
      setImmediate(() => {
        if (!spinning) return;
        loopTurnsSeen++;
        spin();
      });
    spin();
    await Promise.all(Array.from({ length: 60 }, (_, i) => db.query('SELECT $1::int + count(*) AS n FROM t', [i]).then(() => finished.push(i))));
    spinning = false;
    // Every statement ran, in the order asked, and the loop turned between them rather than once at the end.
    expect(finished).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(loopTurnsSeen).toBeGreaterThanOrEqual(50);
  });

  it('runs a transaction as one turn: statements outside it wait, and it sees only its own work', async () => {
    const order: string[] = [];
    const tx = db.transaction(async (q) => {
      await q.query('INSERT INTO t VALUES (1)');
      order.push('tx insert');
      await q.query('INSERT INTO t VALUES (2)');
      order.push('tx insert');
      return (await q.query<{ c: number }>('SELECT count(*) AS c FROM t')).rows[0]!.c;
    });
    const outside = db.query<{ c: number }>('SELECT count(*) AS c FROM t').then((r) => {
      order.push('outside');
      return r.rows[0]!.c;
    });
    expect(await tx).toBe(2);
    expect(await outside).toBe(2);
    expect(order).toEqual(['tx insert', 'tx insert', 'outside']);
  });
});
