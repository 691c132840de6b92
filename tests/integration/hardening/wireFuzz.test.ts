import net from 'node:net';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { loadFirebaseSettings } from '../../../server/auth/firebaseConfig';
import { createTokenVerifier } from '../../../server/auth/verifier';
import { createTestUser, type TestUser } from '../../support/emulator';
import { generationApp, tempDataDir } from '../../support/generationApp';
import { nastyString, tamperedToken } from './hostileInput';

// Property-based, below the routes: the estimator socket's handshake and frames, and raw bytes on
// the HTTP port. A bad token closes the socket with 4401 and a reason; a signed-in socket that
// sends anything is closed; bytes that are not HTTP get a 4xx in the envelope or a closed connection; the server stays up.

let app: FastifyInstance;
let alice: TestUser;
let port: number;
/** The server's own token check, to know which tampered tokens still name alice. */
const verifier = createTokenVerifier(loadFirebaseSettings({ AUTH_EMULATOR: '1', ...process.env }, false, '127.0.0.1'));

interface Opened {
  ws: WebSocket;
  closed: Promise<[number, string]>;
}

async function openSocket(query: string): Promise<Opened> {
  let closed!: Promise<[number, string]>;
  const ws = await app.injectWS(
    `/ws_estimator?${query}`,
    {},
    {
      onInit: (socket) => {
        closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve([code, reason.toString()])));
      },
    },
  );
  return { ws, closed };
}

/** Whether a socket still answers: a ping gets its pong. */
function answersPing(ws: WebSocket): Promise<boolean> {
  return new Promise((resolve) => {
    if (ws.readyState !== ws.OPEN) return resolve(false);
    ws.once('pong', () => resolve(true));
    ws.once('close', () => resolve(false));
    ws.ping();
  });
}

/** Writes raw bytes to the HTTP port and reads whatever comes back until the server closes. */
function rawExchange(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server neither answered nor closed after ${JSON.stringify(bytes.subarray(0, 80).toString('latin1'))}`));
    }, 15_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {}); // a reset after the answer is the server closing a bad connection
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
  });
}

beforeAll(async () => {
  // injectWS sockets never report their close to the server: the socket caps (accountLimits.test.ts) are lifted here.
  app = await generationApp(tempDataDir(), { env: { ESTIMATOR_PRELOAD: '0', SOCKETS_PER_USER: '1000', SOCKETS_PER_ADDRESS: '100000' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
  alice = await createTestUser('wire-fuzz');
}, 60_000);
afterAll(async () => {
  await app.close();
  await verifier.close();
});

describe('the estimator socket under random handshakes and frames', () => {
  it('closes a socket whose token is missing, malformed, forged or tampered with 4401 and a short reason', async () => {
    const token = fc.oneof(nastyString, tamperedToken(alice.idToken), fc.constantFrom('a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJub2JvZHkifQ.'));
    await fc.assert(
      fc.asyncProperty(token, fc.dictionary(fc.constantFrom('x', 'prompt_id', 'access_token'), nastyString, { maxKeys: 2 }), async (value, extra) => {
        const query = new URLSearchParams({ ...extra, access_token: value });
        const { ws, closed } = await openSocket(query.toString());
        // Emulator tokens are unsigned: a tampered one that still names alice is alice, and may stay open.
        const uid = await verifier.verify(value).then(
          (user) => user.uid,
          () => null,
        );
        if (uid) {
          expect(uid).toBe(alice.uid);
          expect(await answersPing(ws)).toBe(true);
          ws.close();
          return;
        }
        const [code, reason] = await closed;
        expect(code, value).toBe(4401);
        expect(reason.length).toBeGreaterThan(0);
        expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
      }),
      { numRuns: 100 },
    );
  });

  it('closes a signed-in socket with 1008 at the first thing it sends, whatever and however large, and opens the next one', async () => {
    const frame = fc.oneof(
      nastyString,
      fc.uint8Array({ maxLength: 4096 }).map((b) => Buffer.from(b)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.constant(Buffer.alloc(65 * 1024)),
    );
    await fc.assert(
      fc.asyncProperty(frame, async (data) => {
        const { ws, closed } = await openSocket(`access_token=${encodeURIComponent(alice.idToken)}`);
        expect(await answersPing(ws)).toBe(true);
        ws.send(data);
        // Small frames are refused by the route (1008), large ones by the frame limit (1009).
        expect([1008, 1009]).toContain((await closed)[0]);
      }),
      { numRuns: 30 },
    );
    const again = await openSocket(`access_token=${encodeURIComponent(alice.idToken)}`);
    expect(await answersPing(again.ws)).toBe(true);
    again.ws.close();
  });
});

describe('raw bytes on the HTTP port', () => {
  it('answers anything that is not HTTP with a 4xx envelope or a closed connection, never a 5xx', async () => {
    const line = (s: string) => s.replace(/[\r\n]/g, '');
    const request = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 400 }).map((b) => Buffer.from(b)),
      fc
        .tuple(fc.constantFrom('GET', 'POST', 'PUT', 'BREW', 'G ET', ''), nastyString, fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', 'HTTP/1.1 junk', ''))
        .map(([method, path, version]) => Buffer.from(`${method} /v1/${line(path)} ${version}\r\nHost: x\r\nConnection: close\r\n\r\n`, 'latin1')),
      fc
        .tuple(nastyString, nastyString)
        .map(([name, value]) => Buffer.from(`GET /v1/history HTTP/1.1\r\nHost: x\r\n${line(name)}: ${line(value)}\r\nConnection: close\r\n\r\n`, 'latin1')),
      fc
        .constantFrom(
          `GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
          'POST /v1/query_prompt HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
          'POST /v1/query_prompt HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\nConnection: close\r\n\r\n{}',
          'POST /v1/query_prompt HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\nConnection: close\r\n\r\n',
          'POST /v1/query_prompt HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nContent-Type: application/json\r\n\r\n{"prompt":',
          'GET /files/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
          'GET /v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /v1/history HTTP/1.1\r\nHost: x\r\n\r\n',
          '\r\n\r\n\r\n',
        )
        .map((s) => Buffer.from(s, 'latin1')),
    );
    await fc.assert(
      fc.asyncProperty(request, async (bytes) => {
        const answer = await rawExchange(bytes);
        const shown = JSON.stringify(bytes.subarray(0, 120).toString('latin1'));
        expect(answer.includes('root:'), shown).toBe(false);
        // Each answer on the connection (a pipelined request may get two) is below 500, JSON errors in the envelope.
        for (const [, status] of answer.matchAll(/HTTP\/1\.[01] (\d{3})/g)) expect(Number(status), `${shown} got ${answer.slice(0, 200)}`).toBeLessThan(500);
        const first = /^HTTP\/1\.[01] (\d{3})[^]*?content-length: (\d+)\r\n[^]*?\r\n\r\n([^]*)$/i.exec(answer);
        if (first && Number(first[1]) >= 400 && first[3].startsWith('{')) {
          const body = first[3].slice(0, Number(first[2]));
          expect(JSON.parse(body), shown).toMatchObject({
            code: Number(first[1]),
            response_metadata: { error: { code_n: expect.any(Number), description: expect.any(String) } },
          });
        }
      }),
      { numRuns: 150 },
    );
    expect((await fetch(`http://127.0.0.1:${port}/v1/health`)).status).toBe(200);
  });
});
