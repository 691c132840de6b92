import type { Queryable } from '../db/database.js';
import { json } from '../db/sqlValues.js';
import type { OpenPoseJson } from '../../src/pose/index.js';
import type { SavedPoseKind } from '../../src/api/poseSchemas.js';
import { POSE_LIBRARY_LIMITS } from '../../src/api/contract.js';

/** A saved pose as stored; `pose` only when asked for. */
export interface PoseRow {
  id: string;
  user_id: string;
  name: string;
  tags: string[];
  kind: SavedPoseKind;
  thumbnail_key: string;
  share_id: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  pose?: OpenPoseJson;
}

const COLUMNS = 'id, user_id, name, tags, kind, thumbnail_key, share_id, created_at, updated_at';

// What a row takes beyond its pose: the longest name and tags it may be renamed to (4 bytes a
// character at most), ids, times and its index entry.
const ROW_ALLOWANCE = 4 * (POSE_LIBRARY_LIMITS.nameLength + POSE_LIBRARY_LIMITS.tagCount * (POSE_LIBRARY_LIMITS.tagLength + 4)) + 512;

/** The bytes a saved pose's row is counted as against its owner's quota: its pose, and room for any name and tags. */
export function poseRowBytes(pose: OpenPoseJson): number {
  return Buffer.byteLength(JSON.stringify(pose)) + ROW_ALLOWANCE;
}

/** What a list asks for: words in names or tags, one exact tag, one kind, a page. */
export interface PoseSearch {
  q?: string;
  tag?: string;
  kind?: SavedPoseKind;
  page: number;
  pageSize: number;
}

// LIKE's own wildcards in the user's words are taken literally.
const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The poses table: every query names the owner, so one user never reaches another's poses. */
export class PoseStore {
  constructor(private readonly db: Queryable) {}

  /** Adds a pose unless its owner already keeps maxPoses; null then. */
  async insert(
    row: { id: string; userId: string; name: string; tags: string[]; kind: SavedPoseKind; pose: OpenPoseJson; thumbnailKey: string },
    maxPoses: number,
  ): Promise<PoseRow | null> {
    const { rows } = await this.db.query<PoseRow>(
      `INSERT INTO poses (id, user_id, name, tags, kind, pose, thumbnail_key)
       SELECT $1, $2, $3, $4::jsonb, $5, $6::jsonb, $7 WHERE (SELECT count(*) FROM poses WHERE user_id = $2) < $8
       RETURNING ${COLUMNS}, pose`,
      [row.id, row.userId, row.name, json(row.tags), row.kind, json(row.pose), row.thumbnailKey, maxPoses],
    );
    return rows[0] ?? null;
  }

  /** How many poses a user keeps. */
  async count(userId: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*) AS n FROM poses WHERE user_id = $1', [userId]);
    return rows[0]?.n ?? 0;
  }

  async list(userId: string, search: PoseSearch): Promise<{ rows: PoseRow[]; total: number }> {
    const where = `user_id = $1
      AND ($2::text IS NULL OR kind = $2::text)
      AND ($3::text IS NULL OR tags @> jsonb_build_array($3::text))
      AND ($4::text IS NULL OR name ILIKE $4::text OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(tags) t WHERE t ILIKE $4::text))`;
    const params = [userId, search.kind ?? null, search.tag ?? null, search.q ? likePattern(search.q) : null];
    const { rows } = await this.db.query<PoseRow & { total: number }>(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM poses WHERE ${where} ORDER BY seq DESC LIMIT $5 OFFSET $6`,
      [...params, search.pageSize, (search.page - 1) * search.pageSize],
    );
    if (rows.length) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0].total };
    const count = await this.db.query<{ total: number }>(`SELECT count(*) AS total FROM poses WHERE ${where}`, params);
    return { rows: [], total: count.rows[0]?.total ?? 0 };
  }

  async find(userId: string, id: string): Promise<PoseRow | null> {
    const { rows } = await this.db.query<PoseRow>(`SELECT ${COLUMNS}, pose FROM poses WHERE id = $1 AND user_id = $2`, [id, userId]);
    return rows[0] ?? null;
  }

  async update(userId: string, id: string, change: { name?: string; tags?: string[] }): Promise<PoseRow | null> {
    const { rows } = await this.db.query<PoseRow>(
      `UPDATE poses SET name = COALESCE($3, name), tags = COALESCE($4::jsonb, tags), updated_at = clock_timestamp()
       WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}, pose`,
      [id, userId, change.name ?? null, change.tags ? json(change.tags) : null],
    );
    return rows[0] ?? null;
  }

  async delete(userId: string, id: string): Promise<PoseRow | null> {
    const { rows } = await this.db.query<PoseRow>(`DELETE FROM poses WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`, [id, userId]);
    return rows[0] ?? null;
  }

  /** Sets the share id unless one is live already; answers the live one. */
  async share(userId: string, id: string, shareId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ share_id: string }>(
      `UPDATE poses SET share_id = COALESCE(share_id, $3), updated_at = clock_timestamp() WHERE id = $1 AND user_id = $2 RETURNING share_id`,
      [id, userId, shareId],
    );
    return rows[0]?.share_id ?? null;
  }

  /** Clears the share id: the old link is dead for good (a new share draws a new id). */
  async revoke(userId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.db.query(`UPDATE poses SET share_id = NULL, updated_at = clock_timestamp() WHERE id = $1 AND user_id = $2`, [id, userId]);
    return rowCount > 0;
  }

  async findShared(shareId: string): Promise<PoseRow | null> {
    const { rows } = await this.db.query<PoseRow>(`SELECT ${COLUMNS}, pose FROM poses WHERE share_id = $1`, [shareId]);
    return rows[0] ?? null;
  }
}
