import type { Database } from './database.js';

/**
 * What an instance says on a NOTIFY channel when it changes a row: who changed which row. The row
 * holds the rest: NOTIFY payloads are limited to 8000 bytes, and the reader wants the row as stored.
 */
interface RowAnnouncement {
  origin: string;
  id: string;
}

/** Announces on `channel` that instance `origin` changed row `id`. */
export function announceRow(db: Database, channel: string, origin: string, id: string): Promise<unknown> {
  return db.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify({ origin, id } satisfies RowAnnouncement)]);
}

/**
 * Calls `read` with the id of every row another instance announces on `channel`, one read after the
 * other in the order announced (a failed read, handed to onError, does not stop the next), until the
 * returned function is called. The instance's own announcements are left out.
 */
export function listenToOtherInstances(
  db: Database,
  channel: string,
  origin: string,
  read: (id: string) => Promise<void>,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let reads: Promise<void> = Promise.resolve();
  return db.listen(channel, (payload) => {
    let announcement: RowAnnouncement;
    try {
      announcement = JSON.parse(payload) as RowAnnouncement;
    } catch {
      return;
    }
    if (announcement.origin === origin) return;
    reads = reads.then(() => read(announcement.id)).catch(onError);
  });
}
