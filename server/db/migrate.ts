import type { Database } from './database.js';
import { MIGRATIONS, type Migration } from './migrations.js';

/** Advisory lock key taken while migrating, so two instances starting together do not collide. */
const MIGRATION_LOCK_KEY = 727_001;

/** Applies every migration not yet applied, in one transaction under an advisory lock. Returns the ids applied. */
export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await tx.query<{ id: number }>('SELECT id FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.id));
    const done: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
      if (applied.has(migration.id)) continue;
      // exec: a migration is several statements, and PGlite's query() takes one.
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
      done.push(migration.id);
    }
    return done;
  });
}
