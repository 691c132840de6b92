import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { MIGRATIONS } from '../../../server/db/migrations';
import { openPglite } from '../../../server/db/pgliteDatabase';
import { JobStore } from '../../../server/jobs/jobStore';
import { StorageLedger } from '../../../server/storage/storageLedger';
import { PromptChanges } from '../../../server/events/promptChanges';
import { tempDataDir } from '../../support/generationApp';

// Migration 7 moved a job's images from job_images into its row, and pose thumbnails to stored
// files: a history made before it must read the same afterwards, and deleting a prompt must still
// find its images.

const LEGACY_THUMBNAIL = 'data:image/png;base64,iVBORw0KGgo=';

describe('a history made before migration 7', () => {
  let db: Database;
  const id = crypto.randomUUID();
  const keys = ['users/u/jobs/x/run/image-1.png', 'users/u/jobs/x/run/image-2.png'];

  beforeAll(async () => {
    db = await openPglite(path.join(tempDataDir(), 'db'));
    await migrate(
      db,
      MIGRATIONS.filter((m) => m.id < 7),
    );
    await db.query(
      `INSERT INTO jobs (id, user_id, status, prompt, negative_prompt, settings, pose, engine, progress, pose_thumbnail)
       VALUES ($1, 'u', 'done', 'p', '', '{"width": 8, "height": 8, "gNumber": 2, "seed": 1}', '{"people": []}', 'mannequin', 1, $2)`,
      [id, LEGACY_THUMBNAIL],
    );
    // Stored out of order: the index, not the insertion, gives the order.
    for (const idx of [1, 0]) {
      await db.query(`INSERT INTO job_images (job_id, idx, storage_key, width, height, engine) VALUES ($1, $2, $3, 8, 8, 'mannequin')`, [id, idx, keys[idx]]);
    }
    expect(await migrate(db)).toEqual(MIGRATIONS.filter((m) => m.id >= 7).map((m) => m.id));
  }, 60_000);
  afterAll(() => db.close());

  it('lists the same images in order, and the thumbnail it had', async () => {
    const { items, total } = await new JobStore(db, new PromptChanges()).list('u', 1, 5);
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      id,
      images: keys.map((storage_key) => ({ storage_key, width: 8, height: 8, engine: 'mannequin' })),
      pose_thumbnail: LEGACY_THUMBNAIL,
      thumbnail_key: null,
    });
  });

  it('still names the images among the files to delete with the prompt', async () => {
    expect((await new StorageLedger(db).filesOfJob(id)).sort()).toEqual(keys);
  });
});
