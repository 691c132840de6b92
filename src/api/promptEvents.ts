/**
 * The prompt event connection (WS /ws_events): its messages, a parser, and the client that opens
 * it with a fresh token and reports its life as events.
 */
import { API_PATHS } from './contract.js';
import type { HistoryItem } from './schemas.js';
import { freshToken } from './session.js';

/**
 * What the server sends on /ws_events: `events.ready` once the socket is signed in and listening;
 * `prompt.update` with the whole history item (signed image URLs) when a prompt's status, queue
 * position or images change; `prompt.progress` as it runs; `prompt.preview` with a small JPEG
 * (data URL) of the images as they form, a few a second at most; `events.resync` when changes may
 * have been missed (read the history again).
 */
export type PromptEventMessage =
  | { type: 'events.ready' }
  | { type: 'events.resync' }
  | { type: 'prompt.update'; prompt_id: string; data: HistoryItem }
  | { type: 'prompt.progress'; prompt_id: string; data: { progress: number } }
  | { type: 'prompt.preview'; prompt_id: string; data: { image: string } };

const MESSAGE_TYPES = new Set(['events.ready', 'events.resync', 'prompt.update', 'prompt.progress', 'prompt.preview']);

/** What a preview frame must be: a JPEG data URL, nothing a page would fetch. */
const PREVIEW_DATA_URL = /^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/;

/** Reads one message of the event connection; null when it is not one. */
export function parsePromptEvent(raw: unknown): PromptEventMessage | null {
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as { type?: unknown; prompt_id?: unknown; data?: unknown };
  if (typeof message.type !== 'string' || !MESSAGE_TYPES.has(message.type)) return null;
  if (message.type.startsWith('prompt.') && (typeof message.prompt_id !== 'string' || typeof message.data !== 'object' || message.data === null)) return null;
  if (message.type === 'prompt.preview' && !PREVIEW_DATA_URL.test(String((message.data as { image?: unknown }).image))) return null;
  return message as PromptEventMessage;
}

/** The event connection's URL for a page at `origin`, against the API base (absolute, or '' for the page's own host). */
export function promptEventsUrl(token: string | null, apiBase: string, origin: string): string {
  const url = new URL(API_PATHS.promptEvents, apiBase || origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token) url.searchParams.set('access_token', token);
  return url.toString();
}

/** What the connection tells the events machine. */
export type PromptSocketEvent = { type: 'SOCKET.READY' } | { type: 'SOCKET.MESSAGE'; message: PromptEventMessage } | { type: 'SOCKET.CLOSED'; code: number };

/**
 * Opens the event connection with a fresh token and reports its life; the returned function closes
 * it without reporting. `SOCKET.READY` comes with the server's `events.ready`, not with the open.
 */
export function connectPromptEvents(emit: (event: PromptSocketEvent) => void, apiBase: string = import.meta.env?.VITE_API_BASE ?? ''): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  freshToken().then(
    (token) => {
      if (stopped) return;
      const ws = new WebSocket(promptEventsUrl(token, apiBase, globalThis.location.origin));
      socket = ws;
      ws.onmessage = (event) => {
        const message = parsePromptEvent(event.data);
        if (!message || stopped) return;
        emit(message.type === 'events.ready' ? { type: 'SOCKET.READY' } : { type: 'SOCKET.MESSAGE', message });
      };
      ws.onclose = (event) => {
        if (!stopped) emit({ type: 'SOCKET.CLOSED', code: event.code });
      };
    },
    () => !stopped && emit({ type: 'SOCKET.CLOSED', code: 0 }),
  );
  return () => {
    stopped = true;
    socket?.close(1000);
  };
}
