import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { checkChannel, type Database, type Queryable, type QueryResult } from './database.js';
import { acquireFolderLock } from './folderLock.js';
import { driverParams, ROW_PARSERS } from './sqlValues.js';

// PGlite runs a statement synchronously inside a promise chain and hands its one connection to the
// next waiting statement by resolving a promise: with many callers, one microtask drain runs every
// queued statement back to back. Node drains microtasks after each accepted connection and socket
// read, so under load the server took in one new connection per drain and early callers waited
// seconds (bench/load.ts). Statements therefore wait in a queue of ours, each started from
// setImmediate once the previous one is done, so the event loop accepts and reads between them.
function turnTaking(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (work) => {
    const turn = tail.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
    tail = turn.catch(() => undefined);
    return turn;
  };
}

/**
 * PGlite's page cache, inside its WASM memory. Its default (128 MB) is all resident once touched; the
 * data files are ordinary files, so pages beyond this come from the OS's cache at little cost.
 * 32 MB answered the 5,000-user bench as fast and left the server ~100 MB smaller (bench/README.md).
 */
const SHARED_BUFFERS = '32MB';

function wrap(target: PGlite | Transaction, recover: () => Promise<void>): Queryable {
  return {
    async query<T>(text: string, params: unknown[] = []): Promise<QueryResult<T>> {
      try {
        const result = await target.query<T>(text, driverParams(params));
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      } catch (error) {
        await recover();
        throw error;
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await target.exec(sql);
      } catch (error) {
        await recover();
        throw error;
      }
    },
  };
}

/**
 * Opens PGlite (Postgres in WASM, in this process) on a folder, holding a lock file beside it:
 * two processes on one PGlite folder silently lose rows (docs/design.md section 5).
 */
export async function openPglite(dir: string): Promise<Database> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const release = acquireFolderLock(`${dir}.lock`);
  let db: PGlite;
  try {
    db = new PGlite(dir, { parsers: ROW_PARSERS, startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`] });
    await db.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  let inExplicitTransaction = false;
  // A failed statement outside transaction() can leave PGlite's one connection in an aborted transaction.
  const recover = async () => {
    if (!inExplicitTransaction && db.isInTransaction()) await db.query('ROLLBACK').catch(() => {});
  };
  // A transaction takes one turn for all its statements: they run on it, not through the queue.
  const inTurn = turnTaking();
  const direct = wrap(db, recover);
  return {
    kind: 'pglite',
    query: (text, params) => inTurn(() => direct.query(text, params)),
    exec: (sql) => inTurn(() => direct.exec(sql)),
    transaction: (fn) =>
      inTurn(() =>
        db.transaction(async (tx) => {
          inExplicitTransaction = true;
          try {
            return await fn(wrap(tx, async () => {}));
          } finally {
            inExplicitTransaction = false;
          }
        }),
      ),
    listen: (channel, onPayload) => db.listen(checkChannel(channel), onPayload),
    async close() {
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}
