/** One schema change; applied once, in id order, never edited after release. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/** Every migration of the server's database, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'jobs and images',
    sql: `
      CREATE TABLE jobs (
        id uuid PRIMARY KEY,
        -- seq orders the queue and the history; it is never sent out (int8 differs between drivers).
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        user_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'stopped')),
        prompt text NOT NULL,
        negative_prompt text NOT NULL DEFAULT '',
        settings jsonb NOT NULL,
        pose jsonb NOT NULL,
        engine text NOT NULL,
        progress real NOT NULL DEFAULT 0,
        error text,
        control_key text,
        attempts integer NOT NULL DEFAULT 0,
        worker text,
        lease_until timestamptz,
        stop_requested boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        started_at timestamptz,
        finished_at timestamptz
      );
      CREATE INDEX jobs_user_history ON jobs (user_id, seq DESC);
      CREATE INDEX jobs_claimable ON jobs (seq) WHERE status IN ('queued', 'running');
      CREATE TABLE job_images (
        job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
        idx integer NOT NULL,
        storage_key text NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        engine text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (job_id, idx)
      );
    `,
  },
  {
    id: 2,
    name: 'estimates shared between instances',
    // Written only with DATABASE_URL: how an estimate run on one instance reaches the others.
    sql: `
      CREATE TABLE estimates (
        prompt_id uuid PRIMARY KEY,
        user_id text NOT NULL,
        record jsonb NOT NULL,
        finished boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX estimates_finished ON estimates (updated_at) WHERE finished;
    `,
  },
  {
    id: 3,
    name: 'pose library',
    // Thumbnails live in file storage; share_id is set while a share link is live (revoking clears it).
    sql: `
      CREATE TABLE poses (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        user_id text NOT NULL,
        name text NOT NULL,
        tags jsonb NOT NULL DEFAULT '[]',
        kind text NOT NULL CHECK (kind IN ('scene', 'body', 'hand', 'face')),
        pose jsonb NOT NULL,
        thumbnail_key text NOT NULL,
        share_id text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX poses_user ON poses (user_id, seq DESC);
    `,
  },
  {
    id: 4,
    name: 'job cost and pose thumbnail',
    sql: `
      -- cost: figure-megapixels (server/jobs/promptCost.ts), summed per user against USER_COST_MAX.
      ALTER TABLE jobs ADD COLUMN cost real NOT NULL DEFAULT 0;
      -- A small PNG data URL of the pose, so history lists need not carry the pose itself.
      ALTER TABLE jobs ADD COLUMN pose_thumbnail text;
      -- json, not jsonb: a pose is only ever stored and read whole, and a 100-person pose parsed into
      -- jsonb and printed back cost tens of ms of PGlite's (in-process) time on every claim.
      ALTER TABLE jobs ALTER COLUMN pose TYPE json USING pose::json;
    `,
  },
  {
    id: 5,
    name: 'stored files and storage quotas',
    // Every file the server writes or hands out an upload URL for, with its size, so each user's
    // storage is known without listing the bucket (server/storage/storageLedger.ts).
    sql: `
      CREATE TABLE stored_files (
        storage_key text PRIMARY KEY,
        -- The user's folder (storageKeys.ts userPrefix), which every key of theirs starts with.
        owner text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('upload', 'job', 'pose', 'other')),
        -- A job's files, whatever run wrote them, so deleting the prompt finds them all.
        job_id uuid,
        -- An upload's bytes are held from the moment its URL is given (the declared size) until it expires.
        bytes bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX stored_files_job ON stored_files (job_id) WHERE job_id IS NOT NULL;
      CREATE INDEX stored_files_uploads ON stored_files (created_at) WHERE kind = 'upload';
      -- The running total per user, changed in the same statement as stored_files: a quota check
      -- locks the user's row, so two uploads at once cannot both slip under the quota.
      CREATE TABLE storage_usage (
        owner text PRIMARY KEY,
        bytes bigint NOT NULL DEFAULT 0
      );
      -- The history retention sweep looks for old finished prompts.
      CREATE INDEX jobs_finished_created ON jobs (created_at) WHERE status IN ('done', 'failed', 'stopped');
    `,
  },
  {
    id: 6,
    name: 'indexes of the fair order',
    // The fair order (server/jobs/fairOrder.ts) asks, for each queued job, when its user's last job
    // started, and enqueue counts a user's unfinished jobs: without these every enqueue, claim and
    // queue position read the whole table (all history), 0.3 s with 100,000 finished jobs. The
    // unfinished jobs by user also serve the claim, in place of jobs_claimable.
    sql: `
      CREATE INDEX jobs_user_started ON jobs (user_id, started_at) WHERE started_at IS NOT NULL;
      CREATE INDEX jobs_user_unfinished ON jobs (user_id, seq) WHERE status IN ('queued', 'running');
      DROP INDEX jobs_claimable;
    `,
  },
  {
    id: 7,
    name: 'pose thumbnails as stored files, images in the job row',
    // A history list carried each prompt's thumbnail inline as a data URL: ~80 % of its bytes, read
    // from the table, copied out of PGlite and compressed on every full answer. New thumbnails are
    // files beside the job's images (a signed URL in the answer, cached by the browser);
    // pose_thumbnail keeps the data URLs of prompts made before. A job's images are written once,
    // with its status done, and only ever read with the job: in its row, a history page reads them
    // without a subquery per prompt (a third of the page's database time on PGlite).
    sql: `
      ALTER TABLE jobs ADD COLUMN thumbnail_key text;
      ALTER TABLE jobs ADD COLUMN images json NOT NULL DEFAULT '[]';
      UPDATE jobs j SET images = i.images
      FROM (SELECT job_id, json_agg(json_build_object('storage_key', storage_key, 'width', width, 'height', height, 'engine', engine) ORDER BY idx) AS images
            FROM job_images GROUP BY job_id) i
      WHERE i.job_id = j.id;
      DROP TABLE job_images;
    `,
  },
  {
    id: 8,
    name: 'indexes of the abandoned-job sweep',
    // The workers' sweep (JobQueue.sweepAbandoned, every second) looks for queued jobs given back by
    // an engine and running jobs whose lease ran out: without these it read every unfinished job,
    // 28 ms a second on PGlite's event loop with 20,000 queued. Both hold few rows: a new job is in neither.
    sql: `
      CREATE INDEX jobs_given_back ON jobs (updated_at) WHERE status = 'queued' AND attempts > 0;
      CREATE INDEX jobs_running_lease ON jobs (lease_until) WHERE status = 'running';
    `,
  },
  {
    id: 9,
    name: 'pose sequences of video prompts',
    // A video prompt's frames (POSE_KEYPOINT, up to a few MB): read by the worker only, never by a
    // history list, so a column of their own rather than inside pose or settings.
    sql: `ALTER TABLE jobs ADD COLUMN frames json;`,
  },
  {
    id: 10,
    name: 'videos turned into poses',
    // Every instance answers, stops and hears of every video; the owner (the instance holding the
    // upload) renews lease_until with each write, and a video whose lease ran out failed with it.
    sql: `
      CREATE TABLE video_poses (
        prompt_id uuid PRIMARY KEY,
        user_id text NOT NULL,
        record jsonb NOT NULL,
        finished boolean NOT NULL DEFAULT false,
        owner text NOT NULL,
        lease_until timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX video_poses_unfinished ON video_poses (user_id) WHERE NOT finished;
      CREATE INDEX video_poses_finished ON video_poses (updated_at) WHERE finished;
    `,
  },
  {
    id: 11,
    name: 'client request ids of prompts',
    // One prompt per Generate click: a retry or a double submit carries the click's id, and the
    // unique index lets only the first of them in (JobStore.enqueueMany, findRequest). An id older than the
    // window is cleared before it is used again.
    sql: `
      ALTER TABLE jobs ADD COLUMN client_request_id text;
      CREATE UNIQUE INDEX jobs_user_request ON jobs (user_id, client_request_id) WHERE client_request_id IS NOT NULL;
    `,
  },
  {
    id: 12,
    name: 'documents in the account',
    // A signed-in user's working documents (server/documents/documentStore.ts): content is only ever
    // stored and read whole (json, as a job's pose); version counts saves, so a save made from an
    // older version is refused rather than written over the newer one.
    sql: `
      CREATE TABLE documents (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        user_id text NOT NULL,
        name text NOT NULL,
        content json NOT NULL,
        bytes integer NOT NULL,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX documents_user_changed ON documents (user_id, updated_at DESC);
    `,
  },
  {
    id: 13,
    name: 'personal access tokens and edit sessions',
    // A token is kept only as its SHA-256 (token_hash): the token itself is shown once. Every call
    // with one reads its row, so a revoked (deleted) or expired token is refused at once on every
    // instance. An edit session is a ComfyUI run waiting for a designer's edit of one document.
    sql: `
      CREATE TABLE access_tokens (
        id uuid PRIMARY KEY,
        user_id text NOT NULL,
        name text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        scopes jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        expires_at timestamptz,
        last_used_at timestamptz
      );
      CREATE INDEX access_tokens_user ON access_tokens (user_id, created_at DESC);
      CREATE TABLE edit_sessions (
        id uuid PRIMARY KEY,
        user_id text NOT NULL,
        document_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('waiting', 'sent', 'cancelled', 'expired')),
        version integer,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        expires_at timestamptz NOT NULL,
        finished_at timestamptz
      );
      CREATE INDEX edit_sessions_user ON edit_sessions (user_id, created_at DESC);
    `,
  },
];
