import type { EditSession, EditSessionStatus } from '../../src/api/integrationSchemas.js';
import type { Queryable } from '../db/database.js';

interface SessionRow {
  id: string;
  document_id: string;
  status: EditSessionStatus;
  version: number | null;
  expires_at: string | Date;
}

/** What finishing a session found: it finished now, none of the user's has that id, or it had finished already (how). */
export type FinishOutcome = { finished: EditSession } | { missing: true } | { already: EditSessionStatus };

const COLUMNS = 'id, document_id, status, version, expires_at';

/** A row as the API answers it. */
export function toEditSession(row: SessionRow): EditSession {
  return {
    id: row.id,
    document_id: row.document_id,
    status: row.status,
    ...(row.version === null ? {} : { version: row.version }),
    expires_at: new Date(row.expires_at).toISOString(),
  };
}

/**
 * The edit_sessions table: every query names the owner. A waiting session past its time is
 * marked expired when it is next read or finished, so no sweeper is needed for its status.
 */
export class EditSessionStore {
  constructor(private readonly db: Queryable) {}

  async insert(row: { id: string; userId: string; documentId: string; timeoutS: number }): Promise<EditSession> {
    const { rows } = await this.db.query<SessionRow>(
      `INSERT INTO edit_sessions (id, user_id, document_id, status, expires_at)
       VALUES ($1, $2, $3, 'waiting', clock_timestamp() + make_interval(secs => $4::integer)) RETURNING ${COLUMNS}`,
      [row.id, row.userId, row.documentId, row.timeoutS],
    );
    return toEditSession(rows[0]!);
  }

  /** The user's session (expired first if its time ran out: `expiredNow` says so, to be announced), or null. */
  async find(userId: string, id: string): Promise<{ session: EditSession; expiredNow: boolean } | null> {
    const expired = await this.db.query<SessionRow>(
      `UPDATE edit_sessions SET status = 'expired', finished_at = clock_timestamp()
       WHERE id = $1 AND user_id = $2 AND status = 'waiting' AND expires_at <= clock_timestamp() RETURNING ${COLUMNS}`,
      [id, userId],
    );
    if (expired.rows[0]) return { session: toEditSession(expired.rows[0]), expiredNow: true };
    const { rows } = await this.db.query<SessionRow>(`SELECT ${COLUMNS} FROM edit_sessions WHERE id = $1 AND user_id = $2`, [id, userId]);
    return rows[0] ? { session: toEditSession(rows[0]), expiredNow: false } : null;
  }

  /** Finishes a waiting session as sent (with its document's version now) or cancelled; one statement, so it finishes once. */
  async finish(userId: string, id: string, status: 'sent' | 'cancelled'): Promise<FinishOutcome> {
    const { rows } = await this.db.query<SessionRow>(
      `UPDATE edit_sessions s SET status = $3, finished_at = clock_timestamp(),
         version = CASE WHEN $3 = 'sent' THEN (SELECT d.version FROM documents d WHERE d.id = s.document_id AND d.user_id = s.user_id) END
       WHERE s.id = $1 AND s.user_id = $2 AND s.status = 'waiting' AND s.expires_at > clock_timestamp() RETURNING ${COLUMNS}`,
      [id, userId, status],
    );
    if (rows[0]) return { finished: toEditSession(rows[0]) };
    const found = await this.find(userId, id);
    return found ? { already: found.session.status } : { missing: true };
  }
}
