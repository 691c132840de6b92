import type { Database } from '../db/database.js';
import { JOB_COLUMNS, type JobImage, type JobRow, type JobSettings } from './jobTypes.js';
import type { EngineName } from '../../src/api/schemas.js';
import type { OpenPoseJson } from '../../src/pose/index.js';

/** A new job as the API hands it over. */
export interface NewJob {
  id: string;
  userId: string;
  prompt: string;
  negativePrompt: string;
  settings: JobSettings;
  pose: OpenPoseJson;
  engine: EngineName;
}

/** A job with its images and, while queued, its place in the queue (1 = next). */
export type JobView = JobRow & { images: JobImage[]; queue_position: number | null };

const VIEW_COLUMNS = `${JOB_COLUMNS},
  COALESCE((SELECT jsonb_agg(jsonb_build_object('storage_key', i.storage_key, 'width', i.width, 'height', i.height,
    'engine', i.engine) ORDER BY i.idx) FROM job_images i WHERE i.job_id = j.id), '[]'::jsonb) AS images,
  CASE WHEN status = 'queued'
    THEN (SELECT count(*) FROM jobs q WHERE q.status = 'queued' AND q.seq < j.seq)::int + 1 END AS queue_position`;

/** The API's side of the jobs table: enqueue, read history, stop. */
export class JobStore {
  constructor(private readonly db: Database) {}

  /**
   * Queues a job unless the user already has maxActive jobs queued or running (then null).
   * One statement, so two requests at once cannot both slip under the limit unnoticed for long.
   */
  async enqueue(job: NewJob, maxActive: number): Promise<{ queuePosition: number } | null> {
    const { rows } = await this.db.query<{ ahead: number }>(
      `INSERT INTO jobs (id, user_id, status, prompt, negative_prompt, settings, pose, engine)
       SELECT $1::uuid, $2::text, 'queued', $3::text, $4::text, $5::jsonb, $6::jsonb, $7::text
       WHERE (SELECT count(*) FROM jobs WHERE user_id = $2::text AND status IN ('queued', 'running')) < $8::int
       RETURNING (SELECT count(*) FROM jobs WHERE status = 'queued')::int AS ahead`,
      [job.id, job.userId, job.prompt, job.negativePrompt, JSON.stringify(job.settings), JSON.stringify(job.pose), job.engine, maxActive],
    );
    return rows[0] ? { queuePosition: rows[0].ahead + 1 } : null;
  }

  /** One page of a user's jobs, newest first, optionally just one prompt_id. */
  async list(userId: string, page: number, pageSize: number, promptId?: string): Promise<{ items: JobView[]; total: number }> {
    const filter = 'user_id = $1 AND ($2::uuid IS NULL OR id = $2::uuid)';
    const params = [userId, promptId ?? null];
    // One round trip in the usual case: the total rides along with the page (count over the whole filter).
    const { rows } = await this.db.query<JobView & { total: number }>(
      `SELECT ${VIEW_COLUMNS}, count(*) OVER ()::int AS total FROM jobs j WHERE ${filter} ORDER BY seq DESC LIMIT $3 OFFSET $4`,
      [...params, pageSize, (page - 1) * pageSize],
    );
    if (rows.length) return { items: rows.map(({ total: _total, ...job }) => job), total: rows[0].total };
    if (page === 1) return { items: [], total: 0 };
    // A page past the end has no row to carry the total.
    const count = await this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM jobs WHERE ${filter}`, params);
    return { items: [], total: count.rows[0]?.total ?? 0 };
  }

  /** A user's job, or null if there is none with that id for this user. */
  async find(userId: string, id: string): Promise<JobRow | null> {
    const { rows } = await this.db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1 AND user_id = $2`, [id, userId]);
    return rows[0] ?? null;
  }

  /** Stops a job that is still queued; false if it has left the queue meanwhile. */
  async stopQueued(id: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE jobs SET status = 'stopped', stop_requested = true, finished_at = now(), updated_at = now()
       WHERE id = $1 AND status = 'queued'`,
      [id],
    );
    return rowCount > 0;
  }

  /** Asks whichever worker runs the job to stop it; the worker sees the flag at its next heartbeat. */
  async requestStop(id: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE jobs SET stop_requested = true, updated_at = now() WHERE id = $1 AND status = 'running'`,
      [id],
    );
    return rowCount > 0;
  }
}
