import crypto from 'node:crypto';
import { ACCESS_TOKEN_LIMITS, type AccessTokenScope } from '../../src/api/contract.js';
import type { AccessTokenSummary } from '../../src/api/integrationSchemas.js';
import type { Queryable } from '../db/database.js';
import { json } from '../db/sqlValues.js';

/** The owner and scopes of a live token, as a call made with it learns them. */
export interface TokenGrant {
  id: string;
  userId: string;
  scopes: AccessTokenScope[];
}

interface TokenRow {
  id: string;
  name: string;
  scopes: AccessTokenScope[];
  created_at: string | Date;
  expires_at: string | Date | null;
  last_used_at: string | Date | null;
}

const COLUMNS = 'id, name, scopes, created_at, expires_at, last_used_at';
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** The SHA-256 of a token, the only form in which it is stored. */
export const tokenHash = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** A new token: the prefix and 32 random bytes in base64url (43 characters). */
export const newToken = (): string => `${ACCESS_TOKEN_LIMITS.prefix}${crypto.randomBytes(32).toString('base64url')}`;

/** A row as the API shows it. */
export function toTokenSummary(row: TokenRow): AccessTokenSummary {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    created_at: iso(row.created_at)!,
    expires_at: iso(row.expires_at),
    last_used_at: iso(row.last_used_at),
  };
}

/** The access_tokens table: every query names the owner, except the lookup by hash a call makes. */
export class AccessTokenStore {
  constructor(private readonly db: Queryable) {}

  /** Stores a new token's hash unless its owner keeps perUser tokens already; null then. */
  async insert(userId: string, name: string, scopes: AccessTokenScope[], expiresInDays: number | undefined, token: string): Promise<TokenRow | null> {
    const { rows } = await this.db.query<TokenRow>(
      `INSERT INTO access_tokens (id, user_id, name, token_hash, scopes, expires_at)
       SELECT $1, $2, $3, $4, $5, CASE WHEN $6::integer IS NULL THEN NULL ELSE clock_timestamp() + make_interval(days => $6::integer) END
       WHERE (SELECT count(*) FROM access_tokens WHERE user_id = $2) < $7
       RETURNING ${COLUMNS}`,
      [crypto.randomUUID(), userId, name, tokenHash(token), json(scopes), expiresInDays ?? null, ACCESS_TOKEN_LIMITS.perUser],
    );
    return rows[0] ?? null;
  }

  async list(userId: string): Promise<TokenRow[]> {
    return (await this.db.query<TokenRow>(`SELECT ${COLUMNS} FROM access_tokens WHERE user_id = $1 ORDER BY created_at DESC`, [userId])).rows;
  }

  /** Revokes a token for good (its row goes): false when the user has none with that id. */
  async delete(userId: string, id: string): Promise<boolean> {
    return (await this.db.query('DELETE FROM access_tokens WHERE id = $1 AND user_id = $2', [id, userId])).rowCount > 0;
  }

  /** The grant of a live token (not revoked, not expired), noting its use; null for any other string. One statement, read on every call. */
  async use(token: string): Promise<TokenGrant | null> {
    const { rows } = await this.db.query<{ id: string; user_id: string; scopes: AccessTokenScope[] }>(
      `UPDATE access_tokens SET last_used_at = clock_timestamp()
       WHERE token_hash = $1 AND (expires_at IS NULL OR expires_at > clock_timestamp()) RETURNING id, user_id, scopes`,
      [tokenHash(token)],
    );
    const row = rows[0];
    return row ? { id: row.id, userId: row.user_id, scopes: row.scopes } : null;
  }
}
