import net from 'node:net';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationApp, tempDataDir } from '../../support/generationApp';

// The limits a server facing the internet needs: a client trickling its headers is cut at the
// timeout, connections past the cap are refused while open ones are served, and every refusal
// (no Host header, a broken WebSocket upgrade, the cap, the timeout) is in the error envelope with
// the security headers.

/** A parsed raw HTTP answer. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfterMs: number;
}

function parseAnswer(text: string, closedAfterMs: number): RawAnswer {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), closedAfterMs };
}

/** Connects, writes the request (then, with trickle, one more header byte every 200 ms), and reads until the server closes. */
function exchange(port: number, request: string, options: { trickle?: boolean; giveUpMs?: number } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    const ticker = options.trickle ? setInterval(() => socket.writable && socket.write('X'), 200) : null;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server still held the connection after ${options.giveUpMs} ms`));
    }, options.giveUpMs ?? 10_000);
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      if (ticker) clearInterval(ticker);
      clearTimeout(giveUp);
      resolve(parseAnswer(text, Date.now() - started));
    });
  });
}

function expectEnvelope(answer: RawAnswer, status: number, description: RegExp): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['x-frame-options']).toBe('DENY');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  const body = JSON.parse(answer.body) as { code: number; response_metadata: { error: { description: string } } };
  expect(body.code).toBe(status);
  expect(body.response_metadata.error.description).toMatch(description);
}

const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

async function listening(env: Record<string, string>): Promise<number> {
  const app = await generationApp(tempDataDir(), { env: { ESTIMATOR_PRELOAD: '0', ...env } });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The database opened first: its start-up would hold the event loop during the timings below.
  await app.generation.open();
  return (app.server.address() as net.AddressInfo).port;
}

describe('slow clients and refusals', () => {
  let port: number;
  beforeAll(async () => {
    port = await listening({ HEADERS_TIMEOUT_S: '1' });
  }, 60_000);

  it('cuts a client that trickles its headers at HEADERS_TIMEOUT_S, with a 408 in the envelope', async () => {
    const answer = await exchange(port, 'GET /v1/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', { trickle: true, giveUpMs: 5000 });
    expectEnvelope(answer, 408, /^The request took too long to arrive$/);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(900);
  });

  it('refuses a request without a Host header with a 400 in the envelope', async () => {
    expectEnvelope(await exchange(port, 'GET /v1/health HTTP/1.1\r\n\r\n'), 400, /^The request has no Host header$/);
  });

  it('refuses a malformed WebSocket upgrade with a 400 in the envelope', async () => {
    const upgrade = 'GET /ws_events HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n';
    expectEnvelope(await exchange(port, upgrade), 400, /^The Sec-WebSocket-Key header is missing or malformed$/);
  });
});

describe('the connection cap', () => {
  const MAX = 8;
  let port: number;
  beforeAll(async () => {
    port = await listening({ MAX_CONNECTIONS: String(MAX) });
  }, 60_000);

  it(`answers the connection past ${MAX} with a 503 in the envelope, while a client already connected is served`, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const health = () =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/v1/health', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
    expect(await health()).toBe(200);
    // The rest of the cap taken by connections that send nothing.
    const idle = await Promise.all(
      Array.from(
        { length: MAX - 1 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expectEnvelope(
      await exchange(port, 'GET /v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n'),
      503,
      new RegExp(`^The server is at its limit of ${MAX} open connections; try again in a moment$`),
    );
    expect(await health()).toBe(200);
    for (const socket of idle) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await exchange(port, 'GET /v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(after.status).toBe(200);
    agent.destroy();
  });
});
