import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { autocannon, startBenchApi, type CannonOptions, type CannonResult } from './lib/apiServer';
import { seedHistories } from './lib/seedHistory';
import { median } from './lib/stats';
import { renderMannequin } from '../server/engines/mannequin/renderMannequin';
import { attachDefaultHand, createDefaultPoseDocument, toOpenPoseJson } from '../src/pose/index';
import { startPostgres, type PostgresServer } from '../tests/support/postgresServer';

// The history bench: 5,000 users with 20 finished prompts each in their history, the API in its own
// process (workers off), 100 connections for 10 s per line. History is read as the page reads it
// (five to a page, gzip/br accepted; each user's first read full, later ones with the ETag, as after
// a reconnect) for 30 s, then full answers only; prompts are submitted round the users, so the
// queue grows all along (no worker takes from it). BENCH_DB=postgres runs it on a throwaway
// Postgres cluster instead of PGlite; BENCH_SERVER_FLAGS passes Node flags to the server (e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof"); BENCH_ONLY runs some lines only; BENCH_DURATION_S.

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const USERS = 5000;
const PROMPTS_PER_USER = 20;
const IMAGES = 9;
/** What the page asks for (history.machine.ts: page 1, five to a page) and what a browser accepts. */
const PAGE_QUERY = 'page=1&page_size=5';
const PAGE_DURATION_S = 3 * DURATION_S;
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const uidOf = (n: number) => `user-${n}`;

function load(options: Partial<CannonOptions> & { url: string }): Promise<CannonResult> {
  return autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
}

/** One line of figures; the server's CPU per request is the figure least moved by other work on the machine. */
function report(name: string, result: CannonResult, serverCpuMs: number, databaseCpuMs: number | null): void {
  const statuses = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${count} x ${code}`)
    .join(', ');
  const perRequest = (ms: number) => (ms / Math.max(1, result.requests.total)).toFixed(2);
  const database = databaseCpuMs === null ? '' : ` + Postgres ${perRequest(databaseCpuMs)}`;
  console.log(
    `${name.padEnd(44)} | ${result.requests.average.toFixed(0).padStart(5)} req/s | p50 ${String(result.latency.p50).padStart(4)} ms | p99 ${String(result.latency.p99).padStart(4)} ms | CPU ms/req: server ${perRequest(serverCpuMs)}${database} | ${statuses}; ${result.errors} errors, ${result.timeouts} timeouts`,
  );
}

/** CPU time a process and its living children (the render process) have used so far, in ms (Linux /proc; ticks of 10 ms). */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean));
    return (Number(fields[11]) + Number(fields[12])) * 10 + children.reduce((sum, child) => sum + cpuMs(Number(child)), 0);
  } catch {
    return 0; // a child that ended meanwhile
  }
}

/** Resident memory of a process, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

type Context = Record<string, unknown> & { uid?: string };

/** Round-robin over the users: each request signed in as the next one (remembered in the connection's context). */
function asEachUser(onRequest: (uid: string, headers: Record<string, string>) => Record<string, string> = (_, h) => h) {
  let n = 0;
  return (req: { headers?: Record<string, string> }, context: Context) => {
    const uid = uidOf(n++ % USERS);
    context.uid = uid;
    return { ...req, headers: onRequest(uid, { ...req.headers, authorization: `Bearer ${uid}` }) };
  };
}

/**
 * History as the page asks for it: a user's first read is a full answer; later reads (after a
 * reconnect, a page change back) send the ETag last received and get 304 while nothing changed.
 */
function historyAsThePageAsks(url: string): Promise<CannonResult> {
  const etags = new Map<string, string>();
  return load({
    url,
    // Long enough to see past the first reads: 5,000 full answers take several seconds on their own.
    duration: PAGE_DURATION_S,
    headers: BROWSER_HEADERS,
    requests: [
      {
        setupRequest: asEachUser((uid, headers) => {
          const etag = etags.get(uid);
          return etag ? { ...headers, 'if-none-match': etag } : headers;
        }),
        // A connection has one request in flight, so its context names the user this answer is for.
        onResponse: (_status, _body, context: Context, headers) => {
          if (headers?.etag && context.uid) etags.set(context.uid, headers.etag);
        },
      },
    ],
  });
}

/** The Postgres server's main process (its backends are its children). */
async function postmasterPid(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return Number(fs.readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } finally {
    await client.end();
  }
}

async function runApiLoads(url: string, body: string, pid: number, databasePid: number | null): Promise<void> {
  const warm = await autocannon({ url: `${url}/v1/health`, connections: 10, duration: 2 });
  if (warm.errors) throw new Error('the server does not answer');
  // A server that has been up a while, its code compiled: 5 s of full reads (the client below keeps no
  // ETag from them, and the server keeps no answers, so each user's first read below is still full).
  await load({ url: `${url}/v1/history?${PAGE_QUERY}`, duration: 5, headers: BROWSER_HEADERS, requests: [{ setupRequest: asEachUser() }] });
  const before = rssMb(pid);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(pid)), 500);
  const history = `${url}/v1/history?${PAGE_QUERY}`;
  const phases: Array<[string, () => Promise<CannonResult>]> = [
    [`GET /v1/history as the page, ${PAGE_DURATION_S} s`, () => historyAsThePageAsks(history)],
    ['GET /v1/history full, page_size=5', () => load({ url: history, headers: BROWSER_HEADERS, requests: [{ setupRequest: asEachUser() }] })],
    ['GET /v1/history full, page_size=20, no gzip', () => load({ url: `${url}/v1/history?page=1&page_size=20`, requests: [{ setupRequest: asEachUser() }] })],
    ['GET /v1/health (for scale)', () => load({ url: `${url}/v1/health` })],
    [
      `POST /v1/query_prompt (${(body.length / 1024).toFixed(1)} KB)`,
      () =>
        load({
          url: `${url}/v1/query_prompt`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          requests: [{ setupRequest: asEachUser() }],
        }),
    ],
  ];
  // BENCH_ONLY: only the lines whose name holds it (e.g. "history", "query_prompt"), to profile one kind.
  for (const [name, run] of phases) {
    if (process.env.BENCH_ONLY && !name.includes(process.env.BENCH_ONLY)) continue;
    const [cpuBefore, databaseBefore] = [cpuMs(pid), databasePid && cpuMs(databasePid)];
    const result = await run();
    report(name, result, cpuMs(pid) - cpuBefore, databasePid ? cpuMs(databasePid) - (databaseBefore || 0) : null);
  }
  clearInterval(sampler);
  const after = rssMb(pid);
  // V8 gives memory back a minute or so after the load ends (its memory reducer): the settled figure counts.
  const settling: number[] = [];
  for (let i = 0; i < 24; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    settling.push(rssMb(pid));
  }
  const later = [1, 12, 24].map((n) => `${settling[n - 1].toFixed(0)} MB ${n * 5} s later`).join(', ');
  console.log(`server RSS: ${before.toFixed(0)} MB before, peak ${Math.max(...samples).toFixed(0)} MB, ${after.toFixed(0)} MB at the end, ${later}`);
}

async function benchApi(body: string, pose: ReturnType<typeof toOpenPoseJson>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-bench-generation-'));
  let postgres: PostgresServer | null = null;
  try {
    postgres = process.env.BENCH_DB === 'postgres' ? await startPostgres() : null;
    const databaseUrl = postgres ? await postgres.createDatabase('bench') : null;
    const seeding = performance.now();
    await seedHistories({ databaseUrl, pgliteDir: path.join(dataDir, 'db') }, { users: USERS, promptsPerUser: PROMPTS_PER_USER, uidOf, pose });
    const seeded = ((performance.now() - seeding) / 1000).toFixed(1);
    const server = await startBenchApi(dataDir, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
    try {
      console.log(
        `\n## API on ${postgres ? 'Postgres' : 'PGlite'}, loopback, ${CONNECTIONS} connections, ${DURATION_S} s each; ${USERS} users with ${PROMPTS_PER_USER} finished prompts each (seeded in ${seeded} s); server in its own process, workers off, default per-user limits; ${os.cpus().length} cores shared with the load generator; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
      await runApiLoads(server.url, body, server.pid, databaseUrl ? await postmasterPid(databaseUrl) : null);
    } finally {
      await server.stop();
    }
  } finally {
    await postgres?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints API throughput and latency (autocannon, 100 connections, loopback) and the mannequin's time per image. */
export async function runGenerationBench(): Promise<void> {
  const doc = createDefaultPoseDocument();
  doc.people[0] = attachDefaultHand(attachDefaultHand(doc.people[0], 'left'), 'right');
  const pose = toOpenPoseJson(doc);
  const body = JSON.stringify({ prompt: 'a dancer on a stage', width: 640, height: 360, gNumber: 2, pose });
  await benchApi(body, pose);
  renderMannequin(doc, 1024, 1024, 1, 0); // warm-up
  const times: number[] = [];
  for (let i = 0; i < IMAGES; i++) {
    const started = performance.now();
    renderMannequin(doc, 1024, 1024, 1, i);
    times.push(performance.now() - started);
  }
  console.log(
    `\n## Mannequin engine: median ${median(times).toFixed(0)} ms per 1024x1024 PNG (${IMAGES} images, min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)} ms)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runGenerationBench();
