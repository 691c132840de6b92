import { SOCKET_UNAUTHORIZED } from '../../src/api/contract.js';
import { ApiError } from '../http/envelope.js';
import type { WebSocket } from 'ws';

/** The WebSocket close code for a server that cannot serve right now (RFC 6455 registry). */
export const SOCKET_TRY_AGAIN_LATER = 1013;

/** The WebSocket close code for a policy refusal (RFC 6455): here, too many sockets. */
export const SOCKET_POLICY = 1008;

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
