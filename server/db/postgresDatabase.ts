import pg from 'pg';
import { checkChannel, type Database, type Queryable, type QueryResult } from './database.js';
import { driverParams, ROW_PARSERS } from './sqlValues.js';

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(text: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query(text, driverParams(params));
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

/** How long a lost LISTEN connection waits before connecting again. */
const RELISTEN_AFTER_MS = 1000;

/**
 * LISTENs on a channel over a connection of its own (a pooled one would be handed to other
 * queries), connecting again whenever it is lost; NOTIFYs sent while it is down are missed.
 */
async function listenOn(connectionString: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', () => {}); // followed by 'end', which reconnects
    next.on('end', () => {
      if (!stopped && client === next) schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    if (stopped) await next.end();
  };
  const schedule = () => {
    client = null;
    retry = setTimeout(() => void connect().catch(() => !stopped && schedule()), RELISTEN_AFTER_MS);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** Connects a pool to a Postgres server (DATABASE_URL) and checks that it answers. */
export async function openPostgres(connectionString: string): Promise<Database> {
  const types: pg.CustomTypesConfig = { getTypeParser: (oid, format) => ROW_PARSERS[oid] ?? pg.types.getTypeParser(oid, format) };
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000, types });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw new Error(`Cannot reach the Postgres server of DATABASE_URL: ${(error as Error).message}`);
  }
  const listeners = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const unlisten = await listenOn(connectionString, checkChannel(channel), onPayload);
      listeners.add(unlisten);
      return async () => {
        listeners.delete(unlisten);
        await unlisten();
      };
    },
    async close() {
      await Promise.all([...listeners].map((unlisten) => unlisten()));
      await pool.end();
    },
  };
}
