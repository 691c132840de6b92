import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { checkChannel, type Database, type Queryable, type QueryResult } from './database.js';
import { acquireFolderLock } from './folderLock.js';

function wrap(target: PGlite | Transaction, recover: () => Promise<void>): Queryable {
  return {
    async query<T>(text: string, params: unknown[] = []): Promise<QueryResult<T>> {
      try {
        const result = await target.query<T>(text, params);
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
 * two processes on one PGlite folder silently lose rows (DESIGN.md section 9).
 */
export async function openPglite(dir: string): Promise<Database> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const release = acquireFolderLock(`${dir}.lock`);
  let db: PGlite;
  try {
    db = new PGlite(dir);
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
  return {
    kind: 'pglite',
    ...wrap(db, recover),
    transaction: (fn) =>
      db.transaction(async (tx) => {
        inExplicitTransaction = true;
        try {
          return await fn(wrap(tx, async () => {}));
        } finally {
          inExplicitTransaction = false;
        }
      }),
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
