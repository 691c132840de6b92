/**
 * The estimator socket's client (docs/design.md section 1): its URL, and a parser that also takes
 * double-encoded messages (a JSON string holding JSON, docs/specification.md section 7).
 */
import { API_PATHS, type EstimatorMessage } from './contract.js';
import { freshToken } from './session.js';

// The socket's messages are part of the contract; the server still imports them from here.
export { ESTIMATE_STAGES, SOCKET_UNAUTHORIZED } from './contract.js';
export type { EstimateError, EstimateRequest, EstimateStageName, EstimateStatus, EstimatorMessage } from './contract.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads one socket message, unwrapping a JSON string that holds JSON; null when it is not an estimator message. */
export function parseEstimatorMessage(raw: unknown): EstimatorMessage | null {
  let value: unknown = raw;
  // Some senders encode twice: a string whose content is the JSON text. Unwrap at most twice.
  for (let depth = 0; depth < 3 && typeof value === 'string'; depth++) {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!isObject(value) || typeof value.type !== 'string' || typeof value.prompt_id !== 'string') return null;
  if (!['estimation.progress', 'estimation.result', 'estimation.error'].includes(value.type)) return null;
  if (!isObject(value.data)) return null;
  return value as unknown as EstimatorMessage;
}

/** The socket URL for a page at `origin`, against the API base (absolute, or '' for the page's own host). */
export function estimatorSocketUrl(token: string | null, apiBase: string, origin: string): string {
  const url = new URL(API_PATHS.estimatorSocket, apiBase || origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token) url.searchParams.set('access_token', token);
  return url.toString();
}

/** Opens the estimator socket with a fresh token (refreshed first if it has expired). */
export async function openEstimatorSocket(apiBase: string = import.meta.env?.VITE_API_BASE ?? ''): Promise<WebSocket> {
  const token = await freshToken();
  return new WebSocket(estimatorSocketUrl(token, apiBase, globalThis.location.origin));
}

/** What the socket tells the estimation machine. */
export type SocketEvent =
  | { type: 'SOCKET.OPEN' }
  | { type: 'SOCKET.MESSAGE'; message: EstimatorMessage }
  | { type: 'SOCKET.ERROR'; reason: string }
  | { type: 'SOCKET.CLOSED'; code: number; reason: string };

/**
 * Opens the socket and reports its life as events; the returned function closes it (and silences
 * it, so closing on purpose is not reported as a failure). Messages that are not ours are dropped.
 */
export function connectEstimatorSocket(emit: (event: SocketEvent) => void, open: () => Promise<WebSocket> = () => openEstimatorSocket()): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  open().then(
    (ws) => {
      if (stopped) return ws.close(1000);
      socket = ws;
      ws.onopen = () => emit({ type: 'SOCKET.OPEN' });
      ws.onmessage = (event) => {
        const message = parseEstimatorMessage(event.data);
        if (message) emit({ type: 'SOCKET.MESSAGE', message });
      };
      ws.onerror = () => emit({ type: 'SOCKET.ERROR', reason: 'The connection to the estimator failed' });
      ws.onclose = (event) => {
        if (!stopped) emit({ type: 'SOCKET.CLOSED', code: event.code, reason: event.reason });
      };
    },
    (error: Error) => emit({ type: 'SOCKET.ERROR', reason: error.message }),
  );
  return () => {
    stopped = true;
    socket?.close(1000);
  };
}
