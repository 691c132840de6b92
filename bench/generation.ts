import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { autocannon, startBenchApi, type CannonOptions, type CannonResult } from './lib/apiServer';
import { median } from './lib/stats';
import { renderMannequin } from '../server/engines/mannequin/mannequinEngine';
import { attachDefaultHand, createDefaultPoseDocument, toOpenPoseJson } from '../src/pose/index';

const CONNECTIONS = 100;
const DURATION_S = 10;
const USERS = 1000;
const HISTORY_JOBS = 50;
const IMAGES = 9;

function load(url: string, options: Partial<CannonOptions>): Promise<CannonResult> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
}

function report(name: string, result: CannonResult): void {
  const statuses = Object.entries(result.statusCodeStats).map(([code, { count }]) => `${count} x ${code}`).join(', ');
  console.log(
    `${name.padEnd(30)} | ${result.requests.average.toFixed(0).padStart(5)} req/s | p50 ${String(result.latency.p50).padStart(4)} ms | p99 ${String(result.latency.p99).padStart(4)} ms | ${statuses}; ${result.errors} errors, ${result.timeouts} timeouts`,
  );
}

/** Prints API throughput and latency (autocannon, 100 connections, loopback) and the mannequin's time per image. */
export async function runGenerationBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-bench-generation-'));
  const doc = createDefaultPoseDocument();
  doc.people[0] = attachDefaultHand(attachDefaultHand(doc.people[0], 'left'), 'right');
  const body = JSON.stringify({ prompt: 'a dancer on a stage', width: 640, height: 360, gNumber: 2, pose: toOpenPoseJson(doc) });
  const server = await startBenchApi(dataDir, { MAX_ACTIVE_PROMPTS_PER_USER: '1000000', PROMPT_RATE_PER_MIN: '1000000' });
  try {
    const post = (token: string) => fetch(`${server.url}/v1/query_prompt`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
    for (let i = 0; i < HISTORY_JOBS; i++) await post('bench-history');
    const database = process.env.DATABASE_URL ? 'Postgres (DATABASE_URL)' : 'PGlite';
    console.log(`\n## API on ${database}, loopback, ${CONNECTIONS} connections, ${DURATION_S} s each (server in its own process, workers off; ${os.cpus().length} cores shared with the load generator)`);
    report('GET /v1/history (20 of 50)', await load(`${server.url}/v1/history?page=1&page_size=20`, { headers: { authorization: 'Bearer bench-history' } }));
    // As the page asks once it holds an answer: with its ETag, answered 304 while nothing changed.
    const historyUrl = `${server.url}/v1/history?page=1&page_size=20`;
    const etag = (await fetch(historyUrl, { headers: { authorization: 'Bearer bench-history' } })).headers.get('etag') ?? '';
    report('GET /v1/history, If-None-Match', await load(historyUrl, { headers: { authorization: 'Bearer bench-history', 'if-none-match': etag } }));
    let n = 0;
    const posted = await load(`${server.url}/v1/query_prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      // Spread over many users, as real traffic is (one user is capped at a few unfinished prompts).
      requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer bench-${n++ % USERS}` } }) }],
    });
    report(`POST /v1/query_prompt (${(body.length / 1024).toFixed(1)} KB)`, posted);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  renderMannequin(doc, 1024, 1024, 1, 0); // warm-up
  const times: number[] = [];
  for (let i = 0; i < IMAGES; i++) {
    const started = performance.now();
    renderMannequin(doc, 1024, 1024, 1, i);
    times.push(performance.now() - started);
  }
  console.log(`\n## Mannequin engine: median ${median(times).toFixed(0)} ms per 1024x1024 PNG (${IMAGES} images, min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)} ms)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await runGenerationBench();
