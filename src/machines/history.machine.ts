import { assign, fromPromise, setup } from 'xstate';
import { fetchHistory } from '../api/prompts';
import type { HistoryResponse } from '../api/schemas';
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
}

export type HistoryEvent =
  /** Someone is signed in: show (and read) the history. */
  | { type: 'SHOW' }
  /** Nobody is signed in: there is no history to show, and asking would earn a 401. */
  | { type: 'HIDE' }
  | { type: 'PAGE'; page: number }
  /** Something changed on the server (the page's own prompt was queued or ended): read again now. */
  | { type: 'REFRESH' };

/**
 * The user's history, a page at a time, and when it is read: when shown, when the page changes, when
 * told something changed, and every HISTORY_REFRESH_MS while a prompt on the page is queued or running.
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
    pageActive: ({ context }) => context.data?.items.some((i) => i.status === 'queued' || i.status === 'running') ?? false,
  },
}).createMachine({
  id: 'history',
  context: { page: 1, data: null, delayMs: 0 },
  initial: 'hidden',
  on: { HIDE: '.hidden' },
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
          always: { guard: 'pageActive', target: 'reading', actions: assign({ delayMs: HISTORY_REFRESH_MS }) },
        },
      },
    },
  },
});
