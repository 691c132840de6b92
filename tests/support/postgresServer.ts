import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** A throwaway Postgres cluster in a temp folder, for tests that need a real server. */
export interface PostgresServer {
  /** postgres://… URL of the cluster's `posecraft` superuser, without a database name. */
  readonly baseUrl: string;
  readonly port: number;
  /** Creates a fresh database and returns its DATABASE_URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown) and deletes its folder. */
  stop(): Promise<void>;
}

/** The bin folder of the newest Debian postgresql install, or a clear error when there is none. */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  if (!versions.length) {
    throw new Error(
      "No Postgres server binaries (/usr/lib/postgresql/*/bin/initdb): install Debian's postgresql " +
        '(apt-get install -y postgresql); .ci/run installs it when it is missing.',
    );
  }
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port from `first` on, so two test files can each run a cluster. */
async function freePortFrom(first: number): Promise<number> {
  for (let port = first; port < first + 20; port++) if (await portIsFree(port)) return port;
  throw new Error(`No free port for Postgres from ${first} to ${first + 19}`);
}

/**
 * Starts a Postgres cluster in a temp folder on 127.0.0.1 (port 5433, or the next free one; its unix
 * socket in the folder too). initdb and postgres refuse to run as root, so as root they run as the
 * `postgres` user that Debian's package creates. fsync is off: the data is thrown away anyway.
 */
export async function startPostgres(firstPort = Number(process.env.PG_TEST_PORT || 5433)): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
      throw new Error('Running as root needs the "postgres" user of Debian\'s postgresql package to run initdb');
    });
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgRun = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);

  await pgRun('initdb', ['-D', dataDir, '-U', 'posecraft', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePortFrom(firstPort);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`;
  try {
    await pgRun('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    const log = fs.existsSync(path.join(dir, 'server.log')) ? fs.readFileSync(path.join(dir, 'server.log'), 'utf8') : '';
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`Postgres did not start: ${(error as Error).message}\n${log}`);
  }
  const baseUrl = `postgres://posecraft@127.0.0.1:${port}`;
  return {
    baseUrl,
    port,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: `${baseUrl}/postgres` });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await admin.end();
      }
      return `${baseUrl}/${name}`;
    },
    async stop() {
      try {
        await pgRun('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
