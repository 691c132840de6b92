import type { Database } from '../db/database.js';
import { json } from '../db/sqlValues.js';
import type { PromptChanges } from '../events/promptChanges.js';
import { QueuePlaces } from './queuePlaces.js';
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
  /** A video prompt's pose sequence. */
  frames?: OpenPoseJson[];
  engine: EngineName;
  /** Figure-megapixels (promptCost.ts). */
  cost: number;
  /** The caller's id of the click that sent it: a second job of the user with the same id is not queued. */
  clientRequestId?: string | undefined;
}

/** The prompt a client request id already made: its id and status now. */
export interface RequestedPrompt {
  id: string;
  status: JobRow['status'];
}

/** The columns of a job that its history item shows. */
type ShownColumns = 'id' | 'status' | 'prompt' | 'negative_prompt' | 'settings' | 'engine' | 'progress' | 'error' | 'control_key';

/**
 * A job as its history item shows it: its images, its thumbnail (a stored file's key; older prompts
 * kept a data URL) and, while queued, its place in the queue (1 = next); pose is null in lists.
 */
export type JobView = Pick<JobRow, ShownColumns> & {
  /** As the database prints a timestamp in JSON (ISO 8601 with an offset). */
  created_at: string;
  updated_at: string;
  pose: OpenPoseJson | null;
  thumbnail_key: string | null;
  pose_thumbnail: string | null;
  images: JobImage[];
  queue_position: number | null;
};

/**
 * What enqueue did: queued, or refused, with what the user already has. Queued says whether the
 * queue is short (SHORT_QUEUE jobs at most): only then is the new job's place worth counting at once
 * (counting reads the whole queue); otherwise it follows in the history and on /ws_events.
 */
export type EnqueueResult = { queued: true; shortQueue: boolean } | { queued: false; active: number; activeCost: number };

/** Up to this many queued jobs, a new prompt's answer carries its place (a count of the queue costs ~20 µs a job on PGlite). */
export const SHORT_QUEUE = 100;

// Only what a history item shows, each job as one json value: the drivers then decode one value per
// row (JSON.parse) instead of sixteen typed ones, ~15 % of a page's time in PGlite. Lists leave the
// pose out (a 100-person pose is hundreds of KB); one prompt_id brings it.
const viewJson = (withPose: boolean) => `json_build_object('id', id, 'status', status, 'prompt', prompt,
  'negative_prompt', negative_prompt, 'settings', settings, 'engine', engine, 'progress', progress, 'error', error,
  'control_key', control_key, 'created_at', created_at, 'updated_at', updated_at, 'pose', ${withPose ? 'pose' : 'NULL'},
  'thumbnail_key', thumbnail_key, 'pose_thumbnail', pose_thumbnail, 'images', images)`;

/**
 * The API's side of the jobs table: enqueue, read history, stop. Every write that changes what a
 * prompt's history item shows announces the change here, where the row is written.
 */
export class JobStore {
  /** Places in the queue, counted once for everyone asking at the same time. */
  readonly places: QueuePlaces;

  constructor(
    private readonly db: Database,
    private readonly changes: PromptChanges,
  ) {
    this.places = new QueuePlaces(db);
  }

  /** Queues one job (enqueueMany's rules). */
  async enqueue(job: NewJob, maxActive: number, maxCost: number): Promise<EnqueueResult> {
    return (await this.enqueueMany([job], maxActive, maxCost))[0]!;
  }

  /**
   * Queues each job unless its user already has maxActive jobs queued or running, or their cost with
   * this one would pass maxCost; the results in the jobs' order. One statement for them all: a
   * statement's fixed cost is most of a small insert's. At most one job per user (the limits are
   * read once per job, before any of them is inserted); jobs get their place in the queue in order.
   */
  async enqueueMany(jobs: readonly NewJob[], maxActive: number, maxCost: number): Promise<EnqueueResult[]> {
    if (new Set(jobs.map((job) => job.userId)).size !== jobs.length) throw new Error('enqueueMany takes at most one job per user');
    const column = <T>(of: (job: NewJob) => T) => jobs.map(of);
    const { rows } = await this.db.query<{ id: string; inserted: boolean; active: number; active_cost: number; queued_before: number }>(
      // Each user's unfinished jobs only (not their whole history): one probe of jobs_user_unfinished.
      `WITH new AS (
         SELECT * FROM ROWS FROM (unnest($1::uuid[]), unnest($2::text[]), unnest($3::text[]), unnest($4::text[]),
           jsonb_array_elements($5::jsonb), json_array_elements($6::json), unnest($7::text[]), unnest($8::float8[]),
           json_array_elements($12::json), unnest($13::text[]))
           WITH ORDINALITY AS t(id, user_id, prompt, negative_prompt, settings, pose, engine, cost, frames, client_request_id, ord)),
       active AS (
         SELECT new.id, a.n, a.cost FROM new CROSS JOIN LATERAL (
           SELECT count(*) AS n, COALESCE(sum(j.cost), 0) AS cost FROM jobs j
           WHERE j.user_id = new.user_id AND j.status IN ('queued', 'running')) a),
       inserted AS (
         INSERT INTO jobs (id, user_id, status, prompt, negative_prompt, settings, pose, engine, cost, frames, client_request_id)
         SELECT new.id, new.user_id, 'queued', new.prompt, new.negative_prompt, new.settings, new.pose, new.engine, new.cost::real,
           CASE WHEN json_typeof(new.frames) = 'null' THEN NULL ELSE new.frames END, new.client_request_id
         FROM new JOIN active USING (id) WHERE active.n < $9::int AND active.cost + new.cost <= $10::float8 ORDER BY new.ord
         -- A request id the user already sent lets the first prompt stand (findRequest then answers it).
         ON CONFLICT (user_id, client_request_id) WHERE client_request_id IS NOT NULL DO NOTHING
         RETURNING id),
       queue AS (SELECT count(*) AS n FROM (SELECT 1 FROM jobs WHERE status = 'queued' LIMIT $11::int) q)
       SELECT active.id, active.id IN (SELECT id FROM inserted) AS inserted, active.n AS active, active.cost AS active_cost,
         (SELECT n FROM queue) AS queued_before FROM active`,
      [
        column((job) => job.id),
        column((job) => job.userId),
        column((job) => job.prompt),
        column((job) => job.negativePrompt),
        json(column((job) => job.settings)),
        json(column((job) => job.pose)),
        column((job) => job.engine),
        column((job) => job.cost),
        maxActive,
        maxCost,
        SHORT_QUEUE + 1,
        json(column((job) => job.frames ?? null)),
        column((job) => job.clientRequestId ?? null),
      ],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const job of jobs) if (byId.get(job.id)!.inserted) this.changes.changed(job.userId, job.id);
    return jobs.map((job): EnqueueResult => {
      const row = byId.get(job.id)!;
      // The statement's snapshot counts the queue without this group (a count stopped past SHORT_QUEUE).
      if (row.inserted) return { queued: true, shortQueue: row.queued_before + jobs.length <= SHORT_QUEUE };
      return { queued: false, active: row.active, activeCost: row.active_cost };
    });
  }

  /**
   * The prompt a user's client request id made within the window, or null. An older use of the id is
   * forgotten here (its prompt stays in the history), so the id can make a new prompt.
   */
  async findRequest(userId: string, requestId: string, windowMs: number): Promise<RequestedPrompt | null> {
    const { rows } = await this.db.query<RequestedPrompt & { fresh: boolean }>(
      `SELECT id, status, created_at > now() - make_interval(secs => $3::float8 / 1000) AS fresh FROM jobs WHERE user_id = $1 AND client_request_id = $2`,
      [userId, requestId, windowMs],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.fresh) return { id: row.id, status: row.status };
    await this.db.query('UPDATE jobs SET client_request_id = NULL WHERE id = $1 AND client_request_id = $2', [row.id, requestId]);
    return null;
  }

  /** Names the stored file of a job's pose thumbnail once it is drawn; false if the job is gone (deleted meanwhile). */
  async setThumbnail(id: string, key: string): Promise<boolean> {
    const { rows } = await this.db.query<{ user_id: string }>('UPDATE jobs SET thumbnail_key = $2 WHERE id = $1 RETURNING user_id', [id, key]);
    return this.announced(id, rows);
  }

  /** One page of a user's jobs, newest first, without their poses; or just one prompt_id, with its pose. */
  async list(userId: string, page: number, pageSize: number, promptId?: string): Promise<{ items: JobView[]; total: number }> {
    const filter = 'user_id = $1 AND ($2::uuid IS NULL OR id = $2::uuid)';
    const params = [userId, promptId ?? null];
    // One round trip in the usual case: the total rides along with the page (count over the whole filter).
    const { rows } = await this.db.query<{ job: Omit<JobView, 'queue_position'>; total: number }>(
      `SELECT ${viewJson(Boolean(promptId))} AS job, count(*) OVER () AS total FROM jobs j WHERE ${filter} ORDER BY seq DESC LIMIT $3 OFFSET $4`,
      [...params, pageSize, (page - 1) * pageSize],
    );
    if (rows.length) {
      const jobs = rows.map((row) => row.job);
      // Places are asked apart from the page: most pages hold no queued job, and planning the fair
      // order with every page cost more than reading the page. A job that left the queue meanwhile has none.
      const places = await this.places.of(jobs.filter((job) => job.status === 'queued').map((job) => job.id));
      return { items: jobs.map((job) => ({ ...job, queue_position: places.get(job.id) ?? null })), total: rows[0].total };
    }
    if (page === 1) return { items: [], total: 0 };
    // A page past the end has no row to carry the total.
    const count = await this.db.query<{ total: number }>(`SELECT count(*) AS total FROM jobs WHERE ${filter}`, params);
    return { items: [], total: count.rows[0]?.total ?? 0 };
  }

  /** A user's job, or null if there is none with that id for this user. */
  async find(userId: string, id: string): Promise<JobRow | null> {
    const { rows } = await this.db.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1 AND user_id = $2`, [id, userId]);
    return rows[0] ?? null;
  }

  /** Stops a job that is still queued; false if it has left the queue meanwhile. */
  async stopQueued(id: string): Promise<boolean> {
    const { rows } = await this.db.query<{ user_id: string }>(
      `UPDATE jobs SET status = 'stopped', stop_requested = true, finished_at = now(), updated_at = now()
       WHERE id = $1 AND status = 'queued' RETURNING user_id`,
      [id],
    );
    return this.announced(id, rows);
  }

  /**
   * Asks whichever worker runs the job to stop it; the worker sees the flag at its next heartbeat.
   * Not announced: the flag is not shown; the worker's end of the run is.
   */
  async requestStop(id: string): Promise<boolean> {
    const { rowCount } = await this.db.query(`UPDATE jobs SET stop_requested = true, updated_at = now() WHERE id = $1 AND status = 'running'`, [id]);
    return rowCount > 0;
  }

  /** Announces the change of a prompt whose row a write returned; whether there was one. */
  private announced(id: string, rows: ReadonlyArray<{ user_id: string }>): boolean {
    if (rows[0]) this.changes.changed(rows[0].user_id, id);
    return rows.length > 0;
  }
}
