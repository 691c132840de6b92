import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, SOCKET_UNAUTHORIZED } from '../../src/api/contract.js';
import type { TokenVerifier } from '../auth/verifier.js';
import { ApiError } from '../http/envelope.js';
import type { WebSocket } from 'ws';

/** The WebSocket close code for a server that cannot serve right now (RFC 6455 registry). */
export const SOCKET_TRY_AGAIN_LATER = 1013;

/** The WebSocket close code for a policy refusal (RFC 6455): here, too many sockets, or a client that talks. */
export const SOCKET_POLICY = 1008;

/** Largest frame a client may send: our sockets take no messages, so anything past a control frame's size is refused by ws itself. */
const MAX_CLIENT_FRAME_BYTES = 1024;

/** How long a socket closed for talking may take to answer the close before it is cut. */
const CLOSE_GRACE_MS = 1000;

/** Counts open sockets per key; take() refuses past the limit. */
export class SocketCounts {
  private readonly open = new Map<string, number>();
  constructor(private readonly limit: number) {}
  take(key: string): boolean {
    const n = this.open.get(key) ?? 0;
    if (n >= this.limit) return false;
    this.open.set(key, n + 1);
    return true;
  }
  release(key: string): void {
    const n = (this.open.get(key) ?? 1) - 1;
    if (n <= 0) this.open.delete(key);
    else this.open.set(key, n);
  }
}

/** How often an idle socket is pinged; one without a pong by the next ping is dropped. */
const HEARTBEAT_MS = 30_000;

/** A close reason may hold at most 123 bytes. */
export function reasonOf(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = `${reason.slice(0, -2)}…`;
  return reason;
}

/** Pings the socket every HEARTBEAT_MS and drops it when the last ping went unanswered; clear the timer on close. */
export function keepAlive(socket: WebSocket): NodeJS.Timeout {
  let alive = true;
  socket.on('pong', () => (alive = true));
  return setInterval(() => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
  }, HEARTBEAT_MS).unref();
}

/** Closes a socket whose token was not accepted: 1013 "try again later" when it could not be checked at all, 4401 when it was refused. */
export function closeRefused(socket: WebSocket, error: Error): void {
  const code = error instanceof ApiError && error.status === 503 ? SOCKET_TRY_AGAIN_LATER : SOCKET_UNAUTHORIZED;
  socket.close(code, reasonOf(error.message || 'The access token is not valid'));
}

/**
 * Our sockets only speak: a client that sends a message is closed at once with 1008, stops being
 * read, and is cut if it does not answer the close soon (a flood costs one frame, not a stream).
 */
export function refuseMessages(socket: WebSocket): void {
  socket.on('message', () => {
    if (socket.readyState !== socket.OPEN) return;
    socket.close(SOCKET_POLICY, 'This socket takes no messages');
    socket.pause();
    setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
  });
}

/**
 * Checks the socket's token again every recheckMs while it is open: a revoked token, or a disabled
 * or deleted account, runs onRefused (which stops the sending) and closes the socket with 4401 (1013
 * when the identity service cannot answer). Returns the stop of the checks.
 */
export function recheckToken(socket: WebSocket, options: { verifier: TokenVerifier; token: string; recheckMs: number; onRefused: () => void }): () => void {
  const recheck = setInterval(() => {
    options.verifier.verify(options.token).catch((error: Error) => {
      if (socket.readyState !== socket.OPEN) return;
      options.onRefused();
      closeRefused(socket, error);
    });
  }, options.recheckMs);
  return () => clearInterval(recheck);
}

/** What a WebSocket upgrade request lacks, or null when ws can take it (RFC 6455 section 4.2.1). */
function upgradeFault(request: FastifyRequest): string | null {
  const { headers } = request;
  if (request.method !== 'GET') return 'A WebSocket upgrade must be a GET request';
  if (headers.upgrade?.toLowerCase() !== 'websocket') return 'The Upgrade header must be "websocket"';
  const key = headers['sec-websocket-key'];
  if (typeof key !== 'string' || !/^[+/0-9A-Za-z]{22}==$/.test(key)) return 'The Sec-WebSocket-Key header is missing or malformed';
  if (!['13', '8'].includes(String(headers['sec-websocket-version']))) return 'The Sec-WebSocket-Version header must be 13';
  return null;
}

/**
 * Registers @fastify/websocket once for the server: a malformed upgrade is refused with a 400 in the
 * error envelope (ws itself would answer in HTML), and errors a client causes on an open socket
 * (an oversized or broken frame) end that socket with a debug line, not an error-level log.
 */
export async function registerWebSockets(app: FastifyInstance): Promise<void> {
  if (app.hasDecorator('websocketServer')) return;
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_FRAME_BYTES },
    errorHandler: (error, socket, request) => {
      const fromClient = /^WS_ERR_/.test((error as NodeJS.ErrnoException).code ?? '') || (error as NodeJS.ErrnoException).code === 'ECONNRESET';
      if (fromClient) request.log.debug({ err: error.message }, 'socket ended: the client broke the protocol');
      else request.log.warn({ err: error }, 'socket failed');
      socket.terminate();
    },
  });
  app.addHook('onRequest', async (request) => {
    if (!request.ws) return;
    const fault = upgradeFault(request);
    if (fault) throw new ApiError(400, ERROR_CODES.badRequest, fault);
  });
}
