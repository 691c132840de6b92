import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, VIDEO_POSE_LIMITS } from '../src/api/contract';
import { startBenchApi, type BenchApi } from './lib/apiServer';
import { fmt, median, percentile } from './lib/stats';

/** How often /v1/health is asked, in ms, by one client on its own kept-alive connection. */
const PROBE_EVERY_MS = 20;

/** The API process's resident memory in MB, from /proc. */
const residentMb = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** A 50 MB body: an MP4's first bytes, then noise (read to the end, then refused by ffprobe). */
function fiftyMegabytes(): Buffer {
  const body = Buffer.alloc(VIDEO_POSE_LIMITS.maxBytes);
  for (let i = 0; i < body.length; i += 4) body.writeUInt32LE((i * 2654435761) >>> 0, i);
  Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom')]).copy(body);
  return body;
}

/** POSTs the body as one video upload at full speed; answers the status and the time to the answer in ms. */
function upload(api: BenchApi, body: Buffer): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(`${api.url}${API_PATHS.videoPose}`, {
      method: 'POST',
      headers: { authorization: 'Bearer bench-video', 'content-type': 'video/mp4', 'content-length': String(body.length) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** /v1/health round trips (and the API's peak memory) while `during` runs. */
async function healthDuring(api: BenchApi, during: () => Promise<unknown>): Promise<{ samples: number[]; peakMb: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  let peakMb = residentMb(api.pid);
  let running = true;
  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await new Promise<void>((resolve, reject) =>
        http.get(`${api.url}${API_PATHS.health}`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
      );
      samples.push(performance.now() - started);
      peakMb = Math.max(peakMb, residentMb(api.pid));
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  await during();
  running = false;
  await probe;
  agent.destroy();
  return { samples, peakMb };
}

const describe = (samples: number[]) =>
  `p50 ${fmt(median(samples), 'ms')}, p99 ${fmt(percentile(samples, 99), 'ms')}, max ${fmt(Math.max(...samples), 'ms')} (${samples.length} requests)`;

/**
 * Prints /v1/health's p50/p99 from a separate client while one user uploads a 50 MB video body (the
 * documented limit) to POST /v1/video_pose, three times, with the API process's memory before and at
 * its peak. The API runs in its own process, as deployed.
 */
export async function runVideoUploadBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-bench-upload-'));
  const api = await startBenchApi(dataDir, { ESTIMATE_RATE_PER_MIN: '1000' });
  try {
    const body = fiftyMegabytes();
    await upload(api, body); // warm: the route, ffprobe's first start
    console.log(`\n## /v1/health during a 50 MB video upload; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
    for (let round = 1; round <= 3; round++) {
      const beforeMb = residentMb(api.pid);
      let answer = { status: 0, ms: 0 };
      const { samples, peakMb } = await healthDuring(api, async () => (answer = await upload(api, body)));
      console.log(
        `upload ${round}: answered ${answer.status} in ${fmt(answer.ms, 'ms', 0)}; health ${describe(samples)}; API memory ${fmt(beforeMb, 'MB', 0)} before, ${fmt(peakMb, 'MB', 0)} at its peak (+${fmt(peakMb - beforeMb, 'MB', 0)} for a ${fmt(body.length / 1024 / 1024, 'MB', 0)} body)`,
      );
    }
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runVideoUploadBench();
