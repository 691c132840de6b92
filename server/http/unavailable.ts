/** Node's network error codes: the server at the other end cannot be reached or went away. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** Postgres SQLSTATEs of a server shutting down, restarting or full. */
const POSTGRES_DOWN_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg says when a connection dies or cannot be had in time. */
const POOL_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect)/;

/**
 * Whether an error means a backing service (the database) is unreachable for now, so the caller
 * should hear 503 and try again, rather than 500: a Node network error, a Postgres connection-class
 * (08xxx) or shutdown code, or pg's own words for a lost connection.
 */
export function isServiceUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_DOWN_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  return POOL_MESSAGES.test(error.message);
}
