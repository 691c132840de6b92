import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startBenchApi, type BenchApi } from './lib/apiServer';
import { fmt, median, percentile } from './lib/stats';
import { longLimbedCrowdJson } from '../tests/support/heavyPose';

/** How often /v1/health is asked, in ms, by one client on its own kept-alive connection. */
const PROBE_EVERY_MS = 50;

/** One GET over a kept-alive agent: its status and round trip in ms. */
function timedRequest(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** /v1/health round trips, one every PROBE_EVERY_MS, until stop() resolves them. */
function probeHealth(api: BenchApi): { stop(): Promise<number[]> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const next = performance.now() + PROBE_EVERY_MS;
      samples.push((await timedRequest(agent, `${api.url}/v1/health`)).ms);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      agent.destroy();
      return samples;
    },
  };
}

/** Saves of the crowd by each user, each at the per-user rate limit, for durationMs: statuses and latencies. */
async function saveAtTheLimit(
  api: BenchApi,
  users: string[],
  perMinute: number,
  durationMs: number,
): Promise<{ statuses: Record<number, number>; ms: number[] }> {
  const body = JSON.stringify({ name: 'Crowd', tags: ['bench'], kind: 'scene', pose: longLimbedCrowdJson() });
  const statuses: Record<number, number> = {};
  const ms: number[] = [];
  const end = performance.now() + durationMs;
  await Promise.all(
    users.map(async (uid) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const headers = { authorization: `Bearer ${uid}`, 'content-type': 'application/json' };
      while (performance.now() < end) {
        const next = performance.now() + 60_000 / perMinute;
        const answer = await timedRequest(agent, `${api.url}/v1/poses`, { method: 'POST', headers, body });
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 200) ms.push(answer.ms);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      }
      agent.destroy();
    }),
  );
  return { statuses, ms };
}

const describe = (samples: number[]) =>
  `p50 ${fmt(median(samples), 'ms')}, p99 ${fmt(percentile(samples, 99), 'ms')}, max ${fmt(Math.max(...samples), 'ms')} (${samples.length} requests)`;

/**
 * Prints /v1/health's p50/p99 from a separate client while nothing else runs, while one user saves
 * a 100-person pose (long limbs, hands, faces) at the pose library's rate limit, and while three users do; with the
 * saves' own latency and how many were answered what. The API runs in its own process, as deployed.
 */
export async function runPoseSavesBench(): Promise<void> {
  const durationMs = Number(process.env.BENCH_DURATION_S ?? 20) * 1000;
  const perMinute = 120;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-bench-poses-'));
  const api = await startBenchApi(dataDir, { POSES_RATE_PER_MIN: String(perMinute), USER_STORAGE_QUOTA_MB: '0', POSES_PER_USER_MAX: '100000' });
  try {
    // Warm: the database, the render process, the route's first compile.
    await saveAtTheLimit(api, ['bench-warm'], perMinute, 3000);
    console.log(
      `\n## /v1/health under pose saves (100 long-limbed people with hands and faces, ${perMinute} saves a minute per user); load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
    );
    const idle = probeHealth(api);
    await new Promise((resolve) => setTimeout(resolve, durationMs / 2));
    console.log(`idle: health ${describe(await idle.stop())}`);
    for (const users of [['bench-one'], ['bench-a', 'bench-b', 'bench-c']]) {
      const probe = probeHealth(api);
      const saves = await saveAtTheLimit(api, users, perMinute, durationMs);
      const health = await probe.stop();
      const answered = Object.entries(saves.statuses)
        .map(([status, count]) => `${count} x ${status}`)
        .join(', ');
      console.log(
        `${users.length} user(s) saving: health ${describe(health)}; saves ${answered}, ${fmt((saves.ms.length * 1000) / durationMs, 'saved/s', 2)}, save latency ${describe(saves.ms)}`,
      );
    }
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPoseSavesBench();
