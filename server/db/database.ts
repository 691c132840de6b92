/** The result of one SQL statement: its rows and how many rows it touched. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** Something SQL runs on: the database itself or one transaction. */
export interface Queryable {
  /**
   * Runs one statement with $1..$n parameters; a json or jsonb parameter is given as `json(value)`
   * (sqlValues.ts). Columns come back as numbers for int8 and numeric, values for json and jsonb.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The one SQL surface of the server, the same on PGlite and on a Postgres server. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls onPayload with every NOTIFY on a channel (sent with `SELECT pg_notify(channel, payload)`)
   * until the returned function is called or the database is closed.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Channel names are identifiers: checked, because LISTEN takes no parameter. */
export function checkChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a valid channel name: ${channel}`);
  return channel;
}
