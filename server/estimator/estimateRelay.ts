import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { announceRow, listenToOtherInstances } from '../db/rowAnnouncements.js';
import { json } from '../db/sqlValues.js';
import { isFinished, type EstimateRecord } from './estimateRecord.js';

/** The NOTIFY channel on which instances announce a changed estimate. */
const CHANNEL = 'posecraft_estimates';

/**
 * Hands estimates between API instances on one Postgres server: every change of an estimate run
 * here is written to the `estimates` table and announced with NOTIFY; the other instances read
 * the row and pass it to their own sockets. Writes and reads keep their order, so a socket never
 * sees progress after the outcome.
 */
export class EstimateRelay {
  private readonly origin = crypto.randomUUID();
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Stores a change of an estimate run on this instance and announces it. */
  publish(record: EstimateRecord): void {
    const { delivered: _delivered, ...shared } = record;
    const row = [record.promptId, record.uid, json(shared), isFinished(record)];
    this.writes = this.writes
      .then(async () => {
        await this.db.query(
          `INSERT INTO estimates (prompt_id, user_id, record, finished) VALUES ($1, $2, $3::jsonb, $4)
           ON CONFLICT (prompt_id) DO UPDATE SET record = EXCLUDED.record, finished = EXCLUDED.finished, updated_at = clock_timestamp()`,
          row,
        );
        await announceRow(this.db, CHANNEL, this.origin, record.promptId);
      })
      .catch((error) => this.log?.warn({ err: error, promptId: record.promptId }, 'could not share an estimate with the other instances'));
  }

  /** Calls onRemote with every estimate another instance changes, until the returned function is called. */
  listen(onRemote: (record: EstimateRecord) => void): Promise<() => Promise<void>> {
    return listenToOtherInstances(
      this.db,
      CHANNEL,
      this.origin,
      async (promptId) => {
        const record = await this.find(promptId);
        if (record) onRemote(record);
      },
      (error) => this.log?.warn({ err: error }, 'could not read an estimate of another instance'),
    );
  }

  /** An estimate as last written by whichever instance runs it, or null. */
  async find(promptId: string): Promise<EstimateRecord | null> {
    const { rows } = await this.db.query<{ record: Omit<EstimateRecord, 'delivered'> }>('SELECT record FROM estimates WHERE prompt_id = $1', [promptId]);
    return rows[0] ? { ...rows[0].record, delivered: false } : null;
  }

  /** Deletes finished estimates older than ttlMs. */
  async sweep(ttlMs: number): Promise<void> {
    await this.db.query(`DELETE FROM estimates WHERE finished AND updated_at < now() - $1::int * interval '1 millisecond'`, [ttlMs]);
  }

  /** Waits for the writes made so far (tests, shutdown). */
  flushed(): Promise<void> {
    return this.writes;
  }
}
