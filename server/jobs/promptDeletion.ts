import type { Queryable } from '../db/database.js';
import type { PromptChanges } from '../events/promptChanges.js';
import type { MeteredStorage } from '../storage/meteredStorage.js';
import type { StorageLedger } from '../storage/storageLedger.js';

/** The statuses a prompt can be deleted in: it has ended, so its files no longer change. */
export const DELETABLE_STATUSES = ['done', 'failed', 'stopped'] as const;
// Written out in the SQL, so the planner can use the partial index jobs_finished_created (migration 5).
const FINISHED = `status IN (${DELETABLE_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** What deleting prompts needs: the database, the storage ledger, the (metered) file storage and where a deletion is announced. */
export interface PromptDeletionDeps {
  db: Queryable;
  ledger: StorageLedger;
  storage: MeteredStorage;
  changes: PromptChanges;
}

/**
 * Deletes a finished prompt's files (every run's images and control images), giving their bytes
 * back, then the prompt itself. Files first: if this stops half way the prompt is still there and
 * a second call finishes the work; two at once give each byte back once. Returns the bytes freed.
 * The caller checks that the prompt has ended. The deletion is announced to the owner.
 */
export async function deleteFinishedPrompt({ db, ledger, storage, changes }: PromptDeletionDeps, jobId: string): Promise<number> {
  const freed = await storage.deleteAll(await ledger.filesOfJob(jobId));
  const { rows } = await db.query<{ user_id: string }>(`DELETE FROM jobs WHERE id = $1 AND ${FINISHED} RETURNING user_id`, [jobId]);
  if (rows[0]) changes.changed(rows[0].user_id, jobId);
  return freed;
}

/** Finished prompts created before a time, oldest first (the history retention sweep). */
export async function finishedPromptsBefore(db: Queryable, cutoff: Date, limit: number): Promise<Array<{ id: string; user_id: string }>> {
  const { rows } = await db.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM jobs WHERE ${FINISHED} AND created_at < $1 ORDER BY created_at LIMIT $2`,
    [cutoff.toISOString(), limit],
  );
  return rows;
}
