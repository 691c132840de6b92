import type { Database } from './database.js';
import { migrate } from './migrate.js';
import { openPglite } from './pgliteDatabase.js';
import { openPostgres } from './postgresDatabase.js';

/** Where the jobs live: a Postgres server when a URL is given, else PGlite in a folder. */
export interface DatabaseLocation {
  databaseUrl: string | null;
  pgliteDir: string;
}

/** Opens the database and brings its schema up to date; closes it again if migrating fails. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  const db = location.databaseUrl ? await openPostgres(location.databaseUrl) : await openPglite(location.pgliteDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
