import WebSocket from 'ws';
import type { PromptEventMessage } from '../../src/api/promptEvents';

/** One user's event connection as a test holds it: what it received and how it closed. */
export interface EventsConnection {
  ws: WebSocket;
  messages: PromptEventMessage[];
  /** Resolves with the close code once the server (or the test) closes it. */
  closed: Promise<number>;
  /** The first message that passes check, waiting for it if needed. */
  next(check: (message: PromptEventMessage) => boolean, timeoutMs?: number): Promise<PromptEventMessage>;
}

/** Opens WS /ws_events on a server at baseUrl (http://host:port) with a token, or none. */
export function openEvents(baseUrl: string, token: string | null): EventsConnection {
  const query = token === null ? '' : `?access_token=${encodeURIComponent(token)}`;
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws_events${query}`);
  const messages: PromptEventMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as PromptEventMessage);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = (check: (message: PromptEventMessage) => boolean, timeoutMs = 15_000) =>
    new Promise<PromptEventMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.type))}`));
      }, timeoutMs);
      function look() {
        const found = messages.find(check);
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(look);
        resolve(found);
      }
      waiters.add(look);
      look();
    });
  return { ws, messages, closed, next };
}

/** Whether a message is an update of this prompt with this status. */
export const updateOf = (promptId: string, status: string) => (m: PromptEventMessage) =>
  m.type === 'prompt.update' && m.prompt_id === promptId && m.data.status === status;

/** The prompt ids a connection heard of. */
export const promptIdsIn = (messages: PromptEventMessage[]) => new Set(messages.flatMap((m) => ('prompt_id' in m ? [m.prompt_id] : [])));
