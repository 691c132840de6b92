import crypto from 'node:crypto';
import { openDatabase, type DatabaseLocation } from '../../server/db/openDatabase';
import { controlImageKey, jobImageKey, poseThumbnailKey } from '../../server/storage/storageKeys';
import type { OpenPoseJson } from '../../src/pose/index';

/** Rows per INSERT: large enough to be quick, small enough for one statement's parameters. */
const BATCH = 2000;

/** What the seeded histories hold. */
export interface HistorySeed {
  users: number;
  promptsPerUser: number;
  /** The uid of user n (the bench's stand-in token is the uid itself). */
  uidOf(n: number): string;
  pose: OpenPoseJson;
}

/** A finished prompt as a worker leaves it: done, two images and a control image, a thumbnail (keys only: no bench reads the files). */
function finishedJob(uid: string, pose: string, createdMs: number): unknown[] {
  const id = crypto.randomUUID();
  const run = 'seed';
  const images = [0, 1].map((idx) => ({ storage_key: jobImageKey(uid, id, run, idx), width: 640, height: 360, engine: 'mannequin' }));
  const settings = JSON.stringify({ width: 640, height: 360, gNumber: 2, seed: 7 });
  return [
    id,
    uid,
    'a dancer on a stage',
    '',
    settings,
    pose,
    poseThumbnailKey(uid, id),
    controlImageKey(uid, id, run),
    new Date(createdMs).toISOString(),
    JSON.stringify(images),
  ];
}

/** Transposes rows into one array per column, for `unnest`. */
function columns(rows: unknown[][]): unknown[][] {
  return rows[0].map((_, c) => rows.map((row) => row[c]));
}

/**
 * Fills the jobs tables with every user's history of finished prompts straight through the database
 * layer (bulk inserts, oldest first), before the server opens it: minutes of API calls otherwise.
 */
export async function seedHistories(location: DatabaseLocation, seed: HistorySeed): Promise<void> {
  const pose = JSON.stringify(seed.pose);
  const db = await openDatabase(location);
  try {
    const start = Date.now() - seed.users * seed.promptsPerUser * 1000;
    let rows: unknown[][] = [];
    const flush = async () => {
      if (!rows.length) return;
      await db.query(
        `INSERT INTO jobs (id, user_id, status, prompt, negative_prompt, settings, pose, thumbnail_key, control_key, created_at, updated_at,
           started_at, finished_at, engine, progress, attempts, cost, images)
         SELECT id, uid, 'done', prompt, neg, settings::jsonb, pose::json, thumb, control, created, created, created, created, 'mannequin', 1, 1, 0.5, images::json
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[], $10::text[])
           AS t(id, uid, prompt, neg, settings, pose, thumb, control, created, images)`,
        columns(rows),
      );
      rows = [];
    };
    // Prompts go round the users, so each history is spread over the table as real ones are.
    for (let p = 0; p < seed.promptsPerUser; p++) {
      for (let u = 0; u < seed.users; u++) {
        rows.push(finishedJob(seed.uidOf(u), pose, start + (p * seed.users + u) * 1000));
        if (rows.length >= BATCH) await flush();
      }
    }
    await flush();
    // As a server that has run a while: Postgres's autovacuum would have vacuumed the table; PGlite has none.
    await db.exec(db.kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
  } finally {
    await db.close();
  }
}
