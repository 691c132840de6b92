import { assign, fromPromise, setup } from 'xstate';
import { fetchHistory } from '../api/prompts';
import type { HistoryItem, HistoryResponse } from '../api/schemas';
import type { PromptEventsNotice } from './events.machine';
import { pause } from './pause';

/** Prompts shown on one page of the history. */
export const HISTORY_PAGE_SIZE = 5;
/** How often the page is read again while a prompt on it is queued or running, in ms. */
export const HISTORY_REFRESH_MS = 2000;

/** What the read actor is asked: which page, after how long. */
export interface HistoryReadInput {
  page: number;
  delayMs: number;
}

interface HistoryContext {
  page: number;
  /** The page as last read; null until read, and while nobody is signed in. */
  data: HistoryResponse | null;
  /** How long the next read waits: 0 when asked for, HISTORY_REFRESH_MS when it only follows progress. */
  delayMs: number;
  /** Whether the event connection is up: then changes arrive as events and nothing is read to follow progress. */
  live: boolean;
}

export type HistoryEvent =
  /** Someone is signed in: show (and read) the history. */
  | { type: 'SHOW' }
  /** Nobody is signed in: there is no history to show, and asking would earn a 401. */
  | { type: 'HIDE' }
  | { type: 'PAGE'; page: number }
  /** Something changed on the server (the page's own prompt was queued or ended): read again now. */
  | { type: 'REFRESH' }
  | PromptEventsNotice;

/** The page with one prompt as an event reports it: replaced where shown, or put first on page 1 when it is the newest. */
function withItem(data: HistoryResponse | null, item: HistoryItem): HistoryResponse | null {
  if (!data) return data;
  const at = data.items.findIndex((i) => i.prompt_id === item.prompt_id);
  if (at >= 0) return { ...data, items: data.items.map((i, n) => (n === at ? item : i)) };
  // New, not an older prompt from another page: none on this one was made after it.
  const isNew = data.items.every((i) => i.created_at <= item.created_at);
  if (data.page !== 1 || !isNew) return data;
  return { ...data, items: [item, ...data.items].slice(0, data.page_size), total: data.total + 1 };
}

/** The page with one prompt's progress as an event reports it. */
function withProgress(data: HistoryResponse | null, promptId: string, progress: number): HistoryResponse | null {
  if (!data?.items.some((i) => i.prompt_id === promptId)) return data;
  const move = (i: HistoryItem): HistoryItem => ({ ...i, status: 'running', queue_position: null, progress: Math.max(i.progress, progress) });
  return { ...data, items: data.items.map((i) => (i.prompt_id === promptId && i.status !== 'done' ? move(i) : i)) };
}

/** Whether a prompt on the page is still queued or running. */
function pageActive(data: HistoryResponse | null): boolean {
  return data?.items.some((i) => i.status === 'queued' || i.status === 'running') ?? false;
}

type Notice<T extends PromptEventsNotice['type']> = Extract<PromptEventsNotice, { type: T }>;

/**
 * The user's history, a page at a time, and when it is read: when shown, when the page changes, when
 * told something changed, when the event connection comes back, and, only while that connection is
 * down, every HISTORY_REFRESH_MS while a prompt on the page is queued or running. While it is up,
 * its events change the page in place.
 */
export const historyMachine = setup({
  types: { context: {} as HistoryContext, events: {} as HistoryEvent },
  actors: {
    readHistory: fromPromise<HistoryResponse, HistoryReadInput>(async ({ input, signal }) => {
      await pause(input.delayMs, signal);
      return fetchHistory({ page: input.page, page_size: HISTORY_PAGE_SIZE }, signal);
    }),
  },
  guards: {
    followByReading: ({ context }) => !context.live && pageActive(context.data),
    // Back after a drop, or up after a page that was read while it still moved: what was missed is read.
    mayHaveMissed: ({ context, event }) => (event as Notice<'EVENTS.UP'>).reconnect || pageActive(context.data),
    waitingToFollow: ({ context }) => context.delayMs > 0,
  },
}).createMachine({
  id: 'history',
  context: { page: 1, data: null, delayMs: 0, live: false },
  initial: 'hidden',
  on: {
    HIDE: '.hidden',
    'EVENTS.UP': { actions: assign({ live: true }) },
    'EVENTS.DOWN': { actions: assign({ live: false }) },
  },
  states: {
    hidden: {
      entry: assign({ data: null }),
      on: {
        SHOW: { target: 'visible', actions: assign({ delayMs: 0 }) },
        PAGE: { actions: assign({ page: ({ event }) => Math.max(1, event.page) }) },
      },
    },
    visible: {
      initial: 'reading',
      // A read asked for starts at once, in place of any read waiting to follow progress.
      on: {
        PAGE: { target: '.reading', reenter: true, actions: assign({ page: ({ event }) => Math.max(1, event.page), delayMs: 0 }) },
        REFRESH: { target: '.reading', reenter: true, actions: assign({ delayMs: 0 }) },
        'EVENTS.RESYNC': { target: '.reading', reenter: true, actions: assign({ delayMs: 0 }) },
        'EVENTS.UP': [
          { guard: 'mayHaveMissed', target: '.reading', reenter: true, actions: assign({ live: true, delayMs: 0 }) },
          // A read only waiting to follow progress is not needed any more.
          { guard: 'waitingToFollow', target: '.shown', actions: assign({ live: true }) },
          { actions: assign({ live: true }) },
        ],
        'EVENTS.UPDATE': { actions: assign({ data: ({ context, event }) => withItem(context.data, event.item) }) },
        'EVENTS.PROGRESS': { actions: assign({ data: ({ context, event }) => withProgress(context.data, event.promptId, event.progress) }) },
      },
      states: {
        reading: {
          invoke: {
            id: 'readHistory',
            src: 'readHistory',
            input: ({ context }) => ({ page: context.page, delayMs: context.delayMs }),
            onDone: { target: 'shown', actions: assign({ data: ({ event }) => event.output }) },
            // The HTTP client has already shown why; what is on screen stays.
            onError: { target: 'shown' },
          },
        },
        shown: {
          always: { guard: 'followByReading', target: 'reading', actions: assign({ delayMs: HISTORY_REFRESH_MS }) },
        },
      },
    },
  },
});
