import type { Queryable } from '../db/database.js';
import type { DocumentContent } from '../../src/api/documentSchemas.js';

/** A document as stored; `content` only when asked for. */
export interface DocumentRow {
  id: string;
  name: string;
  version: number;
  bytes: number;
  created_at: string | Date;
  updated_at: string | Date;
  content?: DocumentContent;
}

/** What a save found: the document saved, none of the user's with that id, or a newer version stored. */
export type SaveOutcome = { saved: DocumentRow } | { missing: true } | { stored: number };

const COLUMNS = 'id, name, version, bytes, created_at, updated_at';

/** The documents table: every query names the owner, so one user never reaches another's documents. */
export class DocumentStore {
  constructor(private readonly db: Queryable) {}

  /** Adds a document (version 1) unless its owner already keeps maxDocuments; null then. */
  async insert(row: { id: string; userId: string; name: string; content: string }, maxDocuments: number): Promise<DocumentRow | null> {
    const { rows } = await this.db.query<DocumentRow>(
      `INSERT INTO documents (id, user_id, name, content, bytes)
       SELECT $1, $2, $3, $4::json, octet_length($4::text) WHERE (SELECT count(*) FROM documents WHERE user_id = $2) < $5
       RETURNING ${COLUMNS}, content`,
      [row.id, row.userId, row.name, row.content, maxDocuments],
    );
    return rows[0] ?? null;
  }

  /** A page of a user's documents, the latest changed first, without their content. */
  async list(userId: string, page: number, pageSize: number): Promise<{ rows: DocumentRow[]; total: number }> {
    const { rows } = await this.db.query<DocumentRow & { total: number }>(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM documents WHERE user_id = $1 ORDER BY updated_at DESC, seq DESC LIMIT $2 OFFSET $3`,
      [userId, pageSize, (page - 1) * pageSize],
    );
    if (rows.length) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0].total };
    return { rows: [], total: await this.count(userId) };
  }

  /** How many documents a user keeps. */
  async count(userId: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*) AS n FROM documents WHERE user_id = $1', [userId]);
    return Number(rows[0]?.n ?? 0);
  }

  async find(userId: string, id: string): Promise<DocumentRow | null> {
    const { rows } = await this.db.query<DocumentRow>(`SELECT ${COLUMNS}, content FROM documents WHERE id = $1 AND user_id = $2`, [id, userId]);
    return rows[0] ?? null;
  }

  /** Saves content (and a name) over `version`, only while that is the version stored: one statement, so two saves from one version cannot both land. */
  async save(userId: string, id: string, change: { name?: string | undefined; content: string; version: number }): Promise<SaveOutcome> {
    const { rows } = await this.db.query<DocumentRow>(
      `UPDATE documents SET name = COALESCE($3, name), content = $4::json, bytes = octet_length($4::text), version = version + 1, updated_at = clock_timestamp()
       WHERE id = $1 AND user_id = $2 AND version = $5 RETURNING ${COLUMNS}, content`,
      [id, userId, change.name ?? null, change.content, change.version],
    );
    if (rows[0]) return { saved: rows[0] };
    const stored = await this.db.query<{ version: number }>('SELECT version FROM documents WHERE id = $1 AND user_id = $2', [id, userId]);
    return stored.rows[0] ? { stored: stored.rows[0].version } : { missing: true };
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM documents WHERE id = $1 AND user_id = $2', [id, userId]);
    return rowCount > 0;
  }
}
