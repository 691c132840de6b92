import type { Database } from '../db/database.js';
import { json } from '../db/sqlValues.js';
import type { PromptChanges } from '../events/promptChanges.js';
import { FAIR_TURNS } from './fairOrder.js';
import { JOB_COLUMNS, type JobImage, type JobRow } from './jobTypes.js';
import type { EngineName } from '../../src/api/schemas.js';

/** What a heartbeat learns: whether the lease is still ours and whether a stop was asked for. */
export interface Heartbeat {
  leaseHeld: boolean;
  stopRequested: boolean;
}

/** The owner of each row a write changed, as its RETURNING gives them. */
type Owned = ReadonlyArray<{ id: string; user_id: string }>;

/**
 * The workers' side of the jobs table: a durable queue with leases (docs/design.md section 5).
 * Every write after the claim checks the worker id, so a worker that lost its lease changes nothing.
 * Every write that changes what a prompt's history item shows announces the change here, where the row is written.
 */
export class JobQueue {
  constructor(
    private readonly db: Database,
    private readonly changes: PromptChanges,
    private readonly leaseMs: number,
    private readonly maxAttempts: number,
    /** How long a job given back by an engine that stopped answering may wait for another server. */
    private readonly engineWaitMs = 600_000,
  ) {}

  /**
   * Claims the next job in fair order (round-robin across users, see fairOrder.ts), or first a
   * running one whose lease has run out; only one costing at most maxCost when given (the short
   * lane); null when there is none.
   */
  async claim(worker: string, engine: EngineName, maxCost?: number): Promise<JobRow | null> {
    const { rows } = await this.db.query<JobRow>(
      `WITH ${FAIR_TURNS}
       UPDATE jobs SET status = 'running', worker = $1, engine = $2, attempts = attempts + 1, progress = 0,
         lease_until = now() + $3::int * interval '1 millisecond', started_at = COALESCE(started_at, now()), updated_at = now()
       WHERE id = (
         SELECT j.id FROM jobs j LEFT JOIN turns t ON t.id = j.id
         WHERE (j.status = 'queued'
            OR (j.status = 'running' AND j.lease_until < now() AND j.attempts < $4 AND NOT j.stop_requested))
           AND ($5::float8 IS NULL OR j.cost <= $5::float8)
         ORDER BY COALESCE(t.turn, 0), t.last_started NULLS FIRST, j.seq FOR UPDATE OF j SKIP LOCKED LIMIT 1)
       RETURNING ${JOB_COLUMNS}`,
      [worker, engine, this.leaseMs, this.maxAttempts, maxCost ?? null],
    );
    this.announce(rows);
    return rows[0] ?? null;
  }

  /**
   * Ends jobs whose worker died too often (failed, with the reason) or died after a stop was
   * asked for (stopped), so no job stays "running" forever; and fails a job given back by an engine
   * that stopped answering once no server has taken it for engineWaitMs, so an engine that is down
   * shows as a clear failure rather than a prompt queued for ever. Returns how many it ended.
   */
  async sweepAbandoned(): Promise<number> {
    const waited = await this.db.query<Owned[number]>(
      `UPDATE jobs SET status = 'failed', error = $2, finished_at = now(), updated_at = now()
       WHERE status = 'queued' AND attempts > 0 AND NOT stop_requested
         AND updated_at < now() - $1::int * interval '1 millisecond'
       RETURNING id, user_id`,
      [
        this.engineWaitMs,
        `The engine's server stopped answering and no other server took the job within ${Number((this.engineWaitMs / 1000).toFixed(1))} s; giving up`,
      ],
    );
    const died = await this.db.query<Owned[number]>(
      `UPDATE jobs SET
         status = CASE WHEN stop_requested THEN 'stopped' ELSE 'failed' END,
         error = CASE WHEN stop_requested THEN NULL ELSE $2 END,
         lease_until = NULL, finished_at = now(), updated_at = now()
       WHERE status = 'running' AND lease_until < now() AND (stop_requested OR attempts >= $1)
       RETURNING id, user_id`,
      [this.maxAttempts, `The job was interrupted ${this.maxAttempts} times (its worker stopped responding); giving up`],
    );
    return this.announce([...waited.rows, ...died.rows]);
  }

  /** Renews the lease and records progress; tells whether the lease is still held and a stop was asked. */
  async heartbeat(id: string, worker: string, progress: number): Promise<Heartbeat> {
    const { rows } = await this.db.query<{ user_id: string; progress: number; stop_requested: boolean }>(
      `UPDATE jobs SET lease_until = now() + $3::int * interval '1 millisecond', progress = GREATEST(progress, $4::real), updated_at = now()
       WHERE id = $1 AND worker = $2 AND status = 'running'
       RETURNING user_id, progress, stop_requested`,
      [id, worker, this.leaseMs, Math.min(Math.max(progress, 0), 1)],
    );
    if (rows[0]) this.changes.progress(rows[0].user_id, id, rows[0].progress);
    return { leaseHeld: rows.length > 0, stopRequested: rows[0]?.stop_requested ?? false };
  }

  /** Records the job's control image. */
  async setControlImage(id: string, worker: string, key: string): Promise<boolean> {
    const { rows } = await this.db.query<Owned[number]>(
      `UPDATE jobs SET control_key = $3, updated_at = now() WHERE id = $1 AND worker = $2 AND status = 'running' RETURNING id, user_id`,
      [id, worker, key],
    );
    return this.announce(rows) > 0;
  }

  /** Marks the job done with its images, in one statement; false if this worker no longer holds it. */
  async complete(id: string, worker: string, images: JobImage[]): Promise<boolean> {
    const { rows } = await this.db.query<Owned[number]>(
      `UPDATE jobs SET status = 'done', progress = 1, lease_until = NULL, finished_at = now(), updated_at = now(), images = $3::json
       WHERE id = $1 AND worker = $2 AND status = 'running' RETURNING id, user_id`,
      [id, worker, json(images.map(({ storage_key, width, height, engine, content_type }) => ({ storage_key, width, height, engine, content_type })))],
    );
    return this.announce(rows) > 0;
  }

  /** Ends the job as failed (with a reason the user will read) or stopped; false if it is not ours. */
  async finish(id: string, worker: string, status: 'failed' | 'stopped', error: string | null): Promise<boolean> {
    const { rows } = await this.db.query<Owned[number]>(
      `UPDATE jobs SET status = $3, error = $4, lease_until = NULL, finished_at = now(), updated_at = now()
       WHERE id = $1 AND worker = $2 AND status = 'running' RETURNING id, user_id`,
      [id, worker, status, error],
    );
    return this.announce(rows) > 0;
  }

  /**
   * Puts a job whose engine stopped answering back in the queue for another worker, counting the
   * attempt: after maxAttempts it is failed with the reason instead (a job that brings servers
   * down must not go round for ever). Returns the job's new status, or null if this worker no longer held it.
   */
  async giveBack(id: string, worker: string, reason: string): Promise<'queued' | 'failed' | 'stopped' | null> {
    const { rows } = await this.db.query<Owned[number] & { status: 'queued' | 'failed' | 'stopped' }>(
      `UPDATE jobs SET
         status = CASE WHEN stop_requested THEN 'stopped' WHEN attempts >= $3 THEN 'failed' ELSE 'queued' END,
         error = CASE WHEN NOT stop_requested AND attempts >= $3 THEN $4 END,
         finished_at = CASE WHEN stop_requested OR attempts >= $3 THEN now() END,
         worker = NULL, lease_until = NULL, progress = 0, updated_at = now()
       WHERE id = $1 AND worker = $2 AND status = 'running'
       RETURNING id, user_id, status`,
      [id, worker, this.maxAttempts, reason],
    );
    this.announce(rows);
    return rows[0]?.status ?? null;
  }

  /** Puts a job this worker gives up cleanly (shutdown) back in the queue, without counting the attempt. */
  async release(id: string, worker: string): Promise<boolean> {
    const { rows } = await this.db.query<Owned[number]>(
      // A stop asked for during shutdown still wins: the job ends stopped instead of running again.
      `UPDATE jobs SET status = CASE WHEN stop_requested THEN 'stopped' ELSE 'queued' END,
         worker = NULL, lease_until = NULL, progress = 0,
         attempts = GREATEST(attempts - 1, 0), updated_at = now()
       WHERE id = $1 AND worker = $2 AND status = 'running' RETURNING id, user_id`,
      [id, worker],
    );
    return this.announce(rows) > 0;
  }

  /** Announces the change of every prompt whose row a write returned; how many there were. */
  private announce(rows: Owned): number {
    for (const row of rows) this.changes.changed(row.user_id, row.id);
    return rows.length;
  }
}
