import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { autocannon, startBenchApi, type CannonResult } from './lib/apiServer';
import { attachDefaultHand, createDefaultPoseDocument, toOpenPoseJson } from '../src/pose/index';

// The load test: 200 connections for 30 s on the history and on prompt submission at once,
// against the API in its own process on loopback, with the per-user limits at their defaults.

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 30);
/** Submitters, spread so that none reaches the default per-user rate (60 a minute) or queue cap (20). */
const USERS = 5000;
/** Readers, spread so that none reaches the default history rate (180 a minute) in the run, as real pages do not. */
const HISTORY_USERS = 400;
const HISTORY_JOBS = 5;

/** Resident memory of a process, in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

function line(name: string, result: CannonResult): string {
  const statuses = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${count} x ${code}`)
    .join(', ');
  // autocannon counts a timeout as an error too.
  const failures = result.errors + result.non2xx;
  return `${name.padEnd(24)} | ${result.requests.average.toFixed(0).padStart(5)} req/s | p50 ${String(result.latency.p50).padStart(4)} ms | p99 ${String(result.latency.p99).padStart(5)} ms | max ${String(result.latency.max).padStart(5)} ms | ${statuses} | ${failures} failed (${result.errors} errors, of which ${result.timeouts} timeouts (10 s); ${result.non2xx} non-2xx)`;
}

/** Runs the load and prints throughput, p99, failures and the server's memory before, during and after. */
export async function runLoadBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-bench-load-'));
  const doc = createDefaultPoseDocument();
  doc.people[0] = attachDefaultHand(attachDefaultHand(doc.people[0], 'left'), 'right');
  const body = JSON.stringify({ prompt: 'a dancer on a stage', width: 640, height: 360, gNumber: 2, pose: toOpenPoseJson(doc) });
  const server = await startBenchApi(dataDir);
  try {
    // Readers' histories hold finished prompts (stopped: the workers are off), as real histories mostly do.
    for (let u = 0; u < HISTORY_USERS; u++) {
      const headers = { authorization: `Bearer reader-${u}`, 'content-type': 'application/json' };
      for (let i = 0; i < HISTORY_JOBS; i++) {
        const res = await fetch(`${server.url}/v1/query_prompt`, { method: 'POST', headers, body });
        if (!res.ok) throw new Error(`seeding the history failed: ${res.status}`);
        const { data } = (await res.json()) as { data: { prompt_id: string } };
        await fetch(`${server.url}/v1/stop_prompt`, { method: 'POST', headers, body: JSON.stringify({ prompt_id: data.prompt_id }) });
      }
    }
    const warm = await autocannon({ url: `${server.url}/v1/health`, connections: 10, duration: 2 });
    if (warm.errors) throw new Error('the server does not answer');
    const before = rssMb(server.pid);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssMb(server.pid)), 1000);
    let reader = 0;
    let submitter = 0;
    const half = Math.floor(CONNECTIONS / 2);
    const [history, prompts] = await Promise.all([
      autocannon({
        url: `${server.url}/v1/history?page=1&page_size=20`,
        connections: half,
        duration: DURATION_S,
        requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer reader-${reader++ % HISTORY_USERS}` } }) }],
      }),
      autocannon({
        url: `${server.url}/v1/query_prompt`,
        connections: CONNECTIONS - half,
        duration: DURATION_S,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer submitter-${submitter++ % USERS}` } }) }],
      }),
    ]);
    clearInterval(sampler);
    const after = rssMb(server.pid);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const settled = rssMb(server.pid);
    console.log(
      `\n## ${CONNECTIONS} connections for ${DURATION_S} s on loopback: ${half} on GET /v1/history (${HISTORY_JOBS} finished prompts each), ${CONNECTIONS - half} on POST /v1/query_prompt (${(body.length / 1024).toFixed(1)} KB, ${USERS} users); default per-user limits; PGlite, workers off; ${os.cpus().length} cores shared with the load generator`,
    );
    console.log(line('GET /v1/history', history));
    console.log(line('POST /v1/query_prompt', prompts));
    const failed = [history, prompts].reduce((n, r) => n + r.errors + r.non2xx, 0);
    console.log(`requests: ${history.requests.total + prompts.requests.total}, failed: ${failed}`);
    console.log(
      `server RSS: ${before.toFixed(0)} MB before, peak ${Math.max(...samples).toFixed(0)} MB during, ${after.toFixed(0)} MB at the end, ${settled.toFixed(0)} MB 5 s later`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runLoadBench();
