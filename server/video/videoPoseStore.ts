import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EstimateError, VideoPoseStatus } from '../../src/api/contract.js';
import type { Database } from '../db/database.js';
import { announceRow, listenToOtherInstances } from '../db/rowAnnouncements.js';
import { json } from '../db/sqlValues.js';
import { codeForStatus } from '../http/envelope.js';

/** The NOTIFY channel on which instances announce a changed video. */
const CHANNEL = 'posecraft_video_poses';

/** Said of a video whose instance stopped (a crash, a restart, a shutdown) before it finished: its upload was on that instance only. */
export const RESTARTED: EstimateError = {
  code_n: codeForStatus(503),
  description: 'The server restarted before this video was turned into poses; send the video again',
};

const isFinished = (status: VideoPoseStatus['status']) => status === 'done' || status === 'failed' || status === 'stopped';

interface Row {
  user_id: string;
  record: VideoPoseStatus;
  finished: boolean;
  expired: boolean;
}

/**
 * Videos turned into poses, in the `video_poses` table that every instance reads: the instance that
 * took the upload runs it and holds a lease it renews with each write; any instance answers,
 * stops (the owner's next write fails and it stops too) or, once the lease has run out unrenewed,
 * fails it as restarted. Changes are announced with NOTIFY, so every instance's sockets hear them.
 * Writes keep their order, so nobody reads progress after the outcome.
 */
export class VideoPoseStore {
  /** This instance, as the owner of the videos it runs and the origin of its announcements. */
  readonly origin = crypto.randomUUID();
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly leaseMs: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Adds a video this instance will run, leased to it; keeps the user's `kept` latest finished ones and deletes the rest. */
  insert(uid: string, status: VideoPoseStatus, kept: number): Promise<void> {
    return this.inOrder(async () => {
      await this.db.query(
        `DELETE FROM video_poses WHERE user_id = $1 AND finished AND prompt_id NOT IN
           (SELECT prompt_id FROM video_poses WHERE user_id = $1 AND finished ORDER BY updated_at DESC LIMIT $2)`,
        [uid, Math.max(0, kept - 1)],
      );
      await this.db.query(
        `INSERT INTO video_poses (prompt_id, user_id, record, finished, owner, lease_until)
         VALUES ($1, $2, $3::jsonb, false, $4, clock_timestamp() + $5::int * interval '1 millisecond')`,
        [status.prompt_id, uid, json(status), this.origin, this.leaseMs],
      );
      await this.announce(status.prompt_id);
    });
  }

  /** Writes where a video this instance runs is, renewing its lease; false when it is no longer ours to write (stopped or failed elsewhere). */
  write(status: VideoPoseStatus): Promise<boolean> {
    return this.inOrder(async () => {
      const { rowCount } = await this.db.query(
        `UPDATE video_poses SET record = $2::jsonb, finished = $3, lease_until = clock_timestamp() + $5::int * interval '1 millisecond',
           updated_at = clock_timestamp()
         WHERE prompt_id = $1 AND owner = $4 AND NOT finished`,
        [status.prompt_id, json(status), isFinished(status.status), this.origin, this.leaseMs],
      );
      if (rowCount > 0) await this.announce(status.prompt_id);
      return rowCount > 0;
    });
  }

  /** Stops a video of this user, on whichever instance it runs; its status, or null when unknown or someone else's. */
  async stop(uid: string, promptId: string): Promise<VideoPoseStatus | null> {
    const stopped = await this.inOrder(() => this.finish(promptId, uid, { status: 'stopped' }, false));
    return stopped ?? this.find(uid, promptId);
  }

  /** A video of this user; null when unknown, dropped or someone else's. One whose lease ran out is failed as restarted first. */
  async find(uid: string, promptId: string): Promise<VideoPoseStatus | null> {
    const { rows } = await this.db.query<Row>(
      `SELECT user_id, record, finished, lease_until < clock_timestamp() AS expired FROM video_poses WHERE prompt_id = $1 AND user_id = $2`,
      [promptId, uid],
    );
    return rows[0] ? this.settled(rows[0]) : null;
  }

  /** The videos of this user that have not finished (those whose lease ran out are failed, and left out). */
  async unfinished(uid: string): Promise<VideoPoseStatus[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT user_id, record, finished, lease_until < clock_timestamp() AS expired FROM video_poses WHERE user_id = $1 AND NOT finished
       ORDER BY updated_at`,
      [uid],
    );
    const settled = await Promise.all(rows.map((row) => this.settled(row)));
    return settled.filter((status) => !isFinished(status.status));
  }

  /** Calls onChange with every video another instance changes (its owner and where it is), until the returned function is called. */
  listen(onChange: (uid: string, status: VideoPoseStatus) => void): Promise<() => Promise<void>> {
    return listenToOtherInstances(
      this.db,
      CHANNEL,
      this.origin,
      async (promptId) => {
        const { rows } = await this.db.query<Row>('SELECT user_id, record FROM video_poses WHERE prompt_id = $1', [promptId]);
        if (rows[0]) onChange(rows[0].user_id, rows[0].record);
      },
      (error) => this.log?.warn({ err: error }, 'could not read a video of another instance'),
    );
  }

  /** Deletes finished videos older than ttlMs. */
  async sweep(ttlMs: number): Promise<void> {
    await this.db.query(`DELETE FROM video_poses WHERE finished AND updated_at < clock_timestamp() - $1::int * interval '1 millisecond'`, [ttlMs]);
  }

  /** Waits for the writes made so far (shutdown). */
  flushed(): Promise<void> {
    return this.writes.then(() => undefined);
  }

  private async settled(row: Row): Promise<VideoPoseStatus> {
    if (row.finished || !row.expired) return row.record;
    return (await this.inOrder(() => this.finish(row.record.prompt_id, row.user_id, { status: 'failed', error: RESTARTED }, true))) ?? row.record;
  }

  /** Finishes an unfinished video (only once its lease ran out, when `expired`), announced; its new status, or null when it was finished already. */
  private async finish(promptId: string, uid: string, change: Partial<VideoPoseStatus>, expired: boolean): Promise<VideoPoseStatus | null> {
    const { rows } = await this.db.query<{ record: VideoPoseStatus }>(
      `UPDATE video_poses SET record = record || $3::jsonb, finished = true, updated_at = clock_timestamp()
       WHERE prompt_id = $1 AND user_id = $2 AND NOT finished ${expired ? 'AND lease_until < clock_timestamp()' : ''} RETURNING record`,
      [promptId, uid, json(change)],
    );
    if (!rows[0]) return null;
    await this.announce(promptId);
    return rows[0].record;
  }

  private announce(promptId: string): Promise<unknown> {
    return announceRow(this.db, CHANNEL, this.origin, promptId);
  }

  /** Runs fn after every write before it (a failed one does not stop the next). */
  private inOrder<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.writes.then(fn, fn);
    this.writes = next.catch(() => undefined);
    return next;
  }
}
