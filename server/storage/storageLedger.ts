import type { Queryable } from '../db/database.js';
import type { KeyOwner } from './storageKeys.js';

/** What holding an upload's bytes did: held (and the user's total after), or refused (and the total as it was). */
export type HoldResult = { held: true; usedBytes: number } | { held: false; usedBytes: number };

/**
 * The files each user holds and their sizes (tables stored_files and storage_usage, migration 5).
 * Every change to a file's row changes its owner's running total in the same statement, so the
 * two never drift apart.
 */
export class StorageLedger {
  constructor(private readonly db: Queryable) {}

  /**
   * Holds bytes of the owner's quota for a file about to be written (an upload, a saved pose), unless that would pass quotaBytes
   * (null: no quota). The owner's row is locked by the update, so two holds at once cannot both slip under.
   */
  async holdUpload(key: string, file: KeyOwner, bytes: number, quotaBytes: number | null): Promise<HoldResult> {
    await this.db.query('INSERT INTO storage_usage (owner, bytes) VALUES ($1, 0) ON CONFLICT (owner) DO NOTHING', [file.owner]);
    const { rows } = await this.db.query<{ held: number; used: number }>(
      `WITH grown AS (
         UPDATE storage_usage SET bytes = bytes + $3::bigint
         WHERE owner = $2 AND ($4::float8 IS NULL OR bytes + $3::bigint <= $4::float8) RETURNING bytes),
       added AS (
         INSERT INTO stored_files (storage_key, owner, kind, job_id, bytes)
         SELECT $1, $2, $5, NULL, $3::bigint FROM grown RETURNING 1)
       SELECT (SELECT count(*) FROM added) AS held,
         COALESCE((SELECT bytes FROM grown), (SELECT bytes FROM storage_usage WHERE owner = $2)) AS used`,
      [key, file.owner, bytes, quotaBytes, file.kind],
    );
    const row = rows[0]!;
    if (row.held > 0) return { held: true, usedBytes: row.used };
    // Refused: on Postgres the statement's own read of the usage is as of its start, and may miss the
    // holds that filled the quota meanwhile (which its UPDATE waited for); a new statement sees them.
    return { held: false, usedBytes: await this.usedBytes(file.owner) };
  }

  /** Records a file the server wrote (or an upload's real size), counting the difference to its owner. */
  async record(key: string, file: KeyOwner, bytes: number): Promise<void> {
    await this.db.query(
      `WITH old AS (SELECT bytes FROM stored_files WHERE storage_key = $1),
       put AS (
         INSERT INTO stored_files (storage_key, owner, kind, job_id, bytes) VALUES ($1, $2, $3, $4::uuid, $5::bigint)
         ON CONFLICT (storage_key) DO UPDATE SET bytes = EXCLUDED.bytes RETURNING 1)
       INSERT INTO storage_usage (owner, bytes)
       SELECT $2, $5::bigint - COALESCE((SELECT bytes FROM old), 0) FROM put
       ON CONFLICT (owner) DO UPDATE SET bytes = storage_usage.bytes + EXCLUDED.bytes`,
      [key, file.owner, file.kind, file.jobId, bytes],
    );
  }

  /** The bytes held or recorded for a key, or null when it has no row (never handed out, or expired and swept). */
  async bytesOf(key: string): Promise<number | null> {
    const { rows } = await this.db.query<{ bytes: number }>('SELECT bytes FROM stored_files WHERE storage_key = $1', [key]);
    return rows[0]?.bytes ?? null;
  }

  /** Forgets keys (their files are gone), giving their bytes back to their owners; the bytes freed. Idempotent. */
  async forget(keys: readonly string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const { rows } = await this.db.query<{ freed: number }>(
      `WITH gone AS (DELETE FROM stored_files WHERE storage_key = ANY($1::text[]) RETURNING owner, bytes),
       per_owner AS (SELECT owner, sum(bytes) AS bytes FROM gone GROUP BY owner),
       shrunk AS (UPDATE storage_usage u SET bytes = u.bytes - p.bytes FROM per_owner p WHERE u.owner = p.owner RETURNING 1)
       SELECT COALESCE((SELECT sum(bytes) FROM per_owner), 0) AS freed`,
      [keys],
    );
    return rows[0]?.freed ?? 0;
  }

  /** The bytes an owner holds. */
  async usedBytes(owner: string): Promise<number> {
    const { rows } = await this.db.query<{ bytes: number }>('SELECT bytes FROM storage_usage WHERE owner = $1', [owner]);
    return rows[0]?.bytes ?? 0;
  }

  /** The bytes an owner holds, by kind of file (only kinds with some). */
  async bytesByKind(owner: string): Promise<Partial<Record<KeyOwner['kind'], number>>> {
    const { rows } = await this.db.query<{ kind: KeyOwner['kind']; bytes: number }>(
      'SELECT kind, sum(bytes) AS bytes FROM stored_files WHERE owner = $1 GROUP BY kind HAVING sum(bytes) > 0',
      [owner],
    );
    return Object.fromEntries(rows.map((row) => [row.kind, row.bytes]));
  }

  /** Uploads whose URL was handed out before a time, oldest first. */
  async uploadsBefore(cutoff: Date, limit: number): Promise<string[]> {
    const { rows } = await this.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM stored_files WHERE kind = 'upload' AND created_at < $1 ORDER BY created_at LIMIT $2`,
      [cutoff.toISOString(), limit],
    );
    return rows.map((r) => r.storage_key);
  }

  /**
   * Every file of a job: those recorded here (each run's), and those its rows name (written before
   * the ledger existed, so never recorded).
   */
  async filesOfJob(jobId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM stored_files WHERE job_id = $1
       UNION SELECT image->>'storage_key' FROM jobs, json_array_elements(images) AS image WHERE id = $1
       UNION SELECT control_key FROM jobs WHERE id = $1 AND control_key IS NOT NULL`,
      [jobId],
    );
    return rows.map((r) => r.storage_key);
  }
}
