import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/openDatabase';
import { MIGRATIONS } from '../../server/db/migrations';

// A fresh PGlite folder costs 3-5 s of initdb; a copy of a migrated one costs ~0.2 s. The template is
// keyed by the migrations, so a schema change makes a new one, and it is shared by test processes.
const version = crypto.createHash('sha256').update(JSON.stringify(MIGRATIONS)).digest('hex').slice(0, 12);
const templateDir = path.join(os.tmpdir(), `posecraft-pglite-template-${version}`);
let ready: Promise<void> | null = null;

async function buildTemplate(): Promise<void> {
  if (fs.existsSync(templateDir)) return;
  const building = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-pglite-building-'));
  const db = await openDatabase({ databaseUrl: null, pgliteDir: path.join(building, 'db') });
  await db.close();
  try {
    fs.renameSync(path.join(building, 'db'), templateDir);
  } catch {
    // Another test process finished first; its template is as good.
  }
  fs.rmSync(building, { recursive: true, force: true });
}

/** Puts a migrated, empty PGlite database at dataDir/db (a copy of a shared template). */
export async function seedDatabase(dataDir: string): Promise<void> {
  ready ??= buildTemplate();
  await ready;
  fs.cpSync(templateDir, path.join(dataDir, 'db'), { recursive: true });
}
