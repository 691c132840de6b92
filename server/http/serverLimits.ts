import fs from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_CODES } from '../../src/api/contract.js';
import { envNumber } from '../envNumber.js';
import { errorBody } from './envelope.js';

/** How long a client may take, and how many connections the server holds (HEADERS_TIMEOUT_S, REQUEST_TIMEOUT_S, KEEP_ALIVE_TIMEOUT_S, MAX_CONNECTIONS). */
export interface ServerLimits {
  /** A request's headers must have arrived this long after it began; else 408. */
  headersTimeoutMs: number;
  /** A whole request (headers and body: an upload) must have arrived in this time; else 408. */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections (sockets included) at most; a new one past it is answered 503 and closed. */
  maxConnections: number;
}

/** File descriptors kept for what is not a client connection: data files, the database, logs, child processes. */
const FD_RESERVE = 256;

/** The soft limit on open files of this process (Linux), or null where it cannot be read. */
function openFilesLimit(): number | null {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    return line ? Number(line[1]) : null;
  } catch {
    return null;
  }
}

/** The default connection cap: four fifths of the open-files limit less a reserve, so files and the database still open at the cap. */
export function defaultMaxConnections(fdLimit: number | null): number {
  if (fdLimit === null) return 4000;
  return Math.max(16, Math.min(Math.floor(fdLimit * 0.8), fdLimit - FD_RESERVE));
}

/** Reads the timeouts and the connection cap from the environment. */
export function loadServerLimits(env: NodeJS.ProcessEnv): ServerLimits {
  const headersTimeoutMs = envNumber(env, 'HEADERS_TIMEOUT_S', 10, 0.1, 3600) * 1000;
  const requestTimeoutMs = envNumber(env, 'REQUEST_TIMEOUT_S', 120, 0.1, 86_400) * 1000;
  if (requestTimeoutMs < headersTimeoutMs) throw new Error('REQUEST_TIMEOUT_S must be at least HEADERS_TIMEOUT_S');
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: envNumber(env, 'KEEP_ALIVE_TIMEOUT_S', 5, 0.1, 3600) * 1000,
    maxConnections: envNumber(env, 'MAX_CONNECTIONS', defaultMaxConnections(openFilesLimit()), 1, 10_000_000, true),
  };
}

/**
 * Fastify's server options for these limits. Node checks the header and request timeouts on a
 * timer (30 s by default): it runs at least as often as the shortest, so a slow client is cut
 * on time. A request without a Host header is let through Node (which would answer a bare 400)
 * to be refused in the envelope by requireHost.
 */
export function serverOptions(limits: ServerLimits) {
  return {
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      requireHostHeader: false,
      connectionsCheckingInterval: Math.max(100, Math.min(limits.headersTimeoutMs, 30_000) / 4),
    },
  };
}

/** A raw HTTP answer in the error envelope with the given headers, for where no request object exists. */
export function rawRefusal(status: number, codeN: number, description: string, headers: Record<string, string>): string {
  const body = JSON.stringify(errorBody(status, codeN, description));
  const lines = Object.entries({
    ...headers,
    Connection: 'close',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
  });
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines.map(([name, value]) => `${name}: ${value}`).join('\r\n')}\r\n\r\n${body}`;
}

/** How long a refused connection may linger to read its answer. */
const REFUSED_LINGER_MS = 2000;

/**
 * Caps the server's open connections: past max, a new connection never reaches HTTP parsing; it is
 * answered 503 in the envelope (with the security headers and Retry-After) and closed, while those
 * already open go on being served.
 */
export function capConnections(server: http.Server, max: number, headers: Record<string, string>): void {
  const [handle, ...others] = server.listeners('connection') as Array<(socket: Socket) => void>;
  if (!handle || others.length > 0) throw new Error('capConnections must run before anything else listens for connections');
  server.removeAllListeners('connection');
  let open = 0;
  const refusal = rawRefusal(503, ERROR_CODES.unavailable, `The server is at its limit of ${max} open connections; try again in a moment`, {
    ...headers,
    'Retry-After': '5',
  });
  server.on('connection', (socket: Socket) => {
    if (open >= max) {
      socket.on('error', () => socket.destroy());
      socket.resume();
      socket.end(refusal);
      setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
      return;
    }
    open++;
    socket.once('close', () => open--);
    handle.call(server, socket);
  });
}
