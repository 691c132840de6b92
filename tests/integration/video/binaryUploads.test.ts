import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, VIDEO_POSE_LIMITS } from '../../../src/api/contract';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, tempDataDir } from '../../support/generationApp';
import { seedDatabase } from '../../support/pgliteTemplate';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';

// A video is a binary body of up to 50 MB: the server reads it without holding its main thread or
// the body's size in memory several times over, and routes that take small JSON never read one.

let server: ServerProcess;
let alice: TestUser;

beforeAll(async () => {
  const dataDir = tempDataDir();
  await seedDatabase(dataDir);
  [server, alice] = await Promise.all([startServerProcess(dataDir), createTestUser('binary-uploads')]);
}, 60_000);
afterAll(() => {
  server?.child.kill('SIGKILL');
});

/** The server process's resident memory in bytes, from /proc. */
const residentBytes = () => Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) * 1024;

/** Sends `bytes` as the body of a POST in 1 MB pieces a few ms apart (about a second on loopback); answers the status. */
function slowUpload(pathAndQuery: string, type: string, bytes: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.base}${pathAndQuery}`, {
      method: 'POST',
      headers: { ...bearer(alice), 'content-type': type, 'content-length': String(bytes.length) },
    });
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    request.on('error', reject);
    const piece = 1024 * 1024;
    const send = (at: number) => {
      if (at >= bytes.length) return void request.end();
      request.write(bytes.subarray(at, at + piece));
      setTimeout(() => send(at + piece), 15);
    };
    send(0);
  });
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

describe('a 50 MB binary upload', () => {
  it('leaves /v1/health answering within 200 ms (p99) and the memory within twice the body', async () => {
    // An MP4's first bytes, then 50 MB of noise: read to the end, then refused as unreadable.
    const body = Buffer.alloc(VIDEO_POSE_LIMITS.maxBytes);
    for (let i = 0; i < body.length; i += 4) body.writeUInt32LE((i * 2654435761) >>> 0, i);
    Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom')]).copy(body);
    await fetch(`${server.base}${API_PATHS.health}`); // the first answer of a process is slower
    const before = residentBytes();
    let peak = before;
    const latencies: number[] = [];
    let uploading = true;
    const upload = slowUpload(API_PATHS.videoPose, 'video/mp4', body).finally(() => (uploading = false));
    while (uploading) {
      const started = performance.now();
      const res = await fetch(`${server.base}${API_PATHS.health}`, { signal: AbortSignal.timeout(10_000) });
      latencies.push(performance.now() - started);
      expect(res.status).toBe(200);
      peak = Math.max(peak, residentBytes());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await upload).toBe(415);
    expect(latencies.length).toBeGreaterThan(20);
    expect(percentile(latencies, 0.99)).toBeLessThan(200);
    expect(peak - before).toBeLessThan(2 * body.length);
  }, 120_000);
});

describe('POST /v1/video_pose/stop', () => {
  it('takes a small JSON body only: a video type is a 415 and a large body a 413, both before the body is read', async () => {
    const video = await fetch(`${server.base}${API_PATHS.videoPoseStop}`, {
      method: 'POST',
      headers: { ...bearer(alice), 'content-type': 'video/mp4' },
      body: Buffer.alloc(64 * 1024),
    });
    expect(video.status).toBe(415);
    const large = await fetch(`${server.base}${API_PATHS.videoPoseStop}`, {
      method: 'POST',
      headers: { ...bearer(alice), 'content-type': 'application/json' },
      body: JSON.stringify({ prompt_id: crypto.randomUUID(), padding: 'x'.repeat(64 * 1024) }),
    });
    expect(large.status).toBe(413);
    const small = await fetch(`${server.base}${API_PATHS.videoPoseStop}`, {
      method: 'POST',
      headers: { ...bearer(alice), 'content-type': 'application/json' },
      body: JSON.stringify({ prompt_id: crypto.randomUUID() }),
    });
    expect(small.status).toBe(404);
  });
});
