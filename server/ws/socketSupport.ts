import type { WebSocket } from 'ws';

/** The WebSocket close code for a server that cannot serve right now (RFC 6455 registry). */
export const SOCKET_TRY_AGAIN_LATER = 1013;

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
