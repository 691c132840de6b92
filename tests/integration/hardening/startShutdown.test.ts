import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { startServerWithRunningJob } from '../../support/serverProcess';
import { saveBody } from '../library/posesSupport';

// `npm start` (server/cli/start.ts, with the Auth Emulator already running: it reuses it) on
// SIGTERM closes the server before anything else: a request in flight gets its answer, and the
// running job goes back to the queue at once, not when its lease runs out.

let gpu: ComfyUiTestServer;
beforeAll(async () => {
  gpu = await new ComfyUiTestServer().start();
  gpu.behaviour = 'hang';
});
afterAll(() => gpu.close());

/** Sends a request's head and half its body now; send() the rest later; answer resolves with what came back. */
function halfSent(port: number, head: string, body: string): { send(): void; answer: Promise<string> } {
  const socket = net.connect(port, '127.0.0.1');
  const half = Math.floor(body.length / 2);
  socket.write(`${head}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`);
  let text = '';
  socket.on('data', (chunk) => (text += chunk));
  const answer = new Promise<string>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
  return { send: () => socket.write(body.slice(half)), answer };
}

describe('npm start (server/cli/start.ts) on SIGTERM', () => {
  it('finishes the request in flight and hands the running job back to the queue before exiting', async () => {
    const { server, user, jobRowAfterExit } = await startServerWithRunningJob(gpu, 'server/cli/start.ts', 'npm-start');
    const save = halfSent(
      server.port,
      `POST /v1/poses HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${user.idToken}\r\nContent-Type: application/json\r\n`,
      JSON.stringify(saveBody({ name: 'In flight' })),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    save.send();
    const answer = await save.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer).toContain('"name":"In flight"');
    expect(await server.exited).toBe(0);
    expect(await jobRowAfterExit('status, worker')).toEqual([{ status: 'queued', worker: null }]);
  }, 60_000);
});
