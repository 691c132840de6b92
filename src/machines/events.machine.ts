import { assign, enqueueActions, fromCallback, setup } from 'xstate';
import { connectPromptEvents, type PromptSocketEvent } from '../api/promptEvents';
import type { HistoryItem } from '../api/schemas';

/** The first wait before connecting again after the event connection dropped, in ms; doubled each failure. */
export const EVENTS_RETRY_MS = 1000;
/** The longest wait between two attempts to connect, in ms. */
export const EVENTS_RETRY_MAX_MS = 15_000;

/**
 * What the event connection tells the generation machine (its parent) and the history: it is up
 * (`reconnect` when it had been up before: changes may have been missed), down (poll instead), a
 * prompt changed, a prompt progressed, a running prompt's latest preview frame, or changes were
 * missed (read again).
 */
export type PromptEventsNotice =
  | { type: 'EVENTS.UP'; reconnect: boolean }
  | { type: 'EVENTS.DOWN' }
  | { type: 'EVENTS.UPDATE'; item: HistoryItem }
  | { type: 'EVENTS.PROGRESS'; promptId: string; progress: number }
  | { type: 'EVENTS.PREVIEW'; promptId: string; image: string }
  | { type: 'EVENTS.RESYNC' };

/** Someone signed in (connect) or out (disconnect). */
export type EventsControl = { type: 'CONNECT' } | { type: 'DISCONNECT' };

interface EventsContext {
  /** Attempts that failed since the connection was last up. */
  failures: number;
  /** Whether the connection has been up since the page opened. */
  wasUp: boolean;
}

function noticeOf(event: PromptSocketEvent): PromptEventsNotice | null {
  if (event.type !== 'SOCKET.MESSAGE') return null;
  const { message } = event;
  if (message.type === 'prompt.update') return { type: 'EVENTS.UPDATE', item: message.data };
  if (message.type === 'prompt.progress') return { type: 'EVENTS.PROGRESS', promptId: message.prompt_id, progress: message.data.progress };
  if (message.type === 'prompt.preview') return { type: 'EVENTS.PREVIEW', promptId: message.prompt_id, image: message.data.image };
  if (message.type === 'events.resync') return { type: 'EVENTS.RESYNC' };
  return null;
}

/**
 * The page's one event connection while someone is signed in: connecting, up, or down and waiting
 * to try again (each wait longer, up to EVENTS_RETRY_MAX_MS). Up and down are told to the generation
 * machine and the history, which poll only while it is down.
 */
export const eventsMachine = setup({
  types: { context: {} as EventsContext, events: {} as EventsControl | PromptSocketEvent },
  actors: {
    socket: fromCallback<PromptSocketEvent>(({ sendBack }) => connectPromptEvents(sendBack)),
  },
  // Each notice goes to the parent (generation) and to the history, found by system id (absent when the machine is only walked).
  actions: {
    tellMessage: enqueueActions(({ event, enqueue, system }) => {
      const notice = noticeOf(event as PromptSocketEvent);
      if (!notice) return;
      enqueue.sendParent(notice);
      if (system.get('history')) enqueue.sendTo(system.get('history'), notice);
    }),
    tellUp: enqueueActions(({ context, enqueue, system }) => {
      const notice: PromptEventsNotice = { type: 'EVENTS.UP', reconnect: context.wasUp };
      enqueue.sendParent(notice);
      if (system.get('history')) enqueue.sendTo(system.get('history'), notice);
    }),
    tellDown: enqueueActions(({ enqueue, system }) => {
      const notice: PromptEventsNotice = { type: 'EVENTS.DOWN' };
      enqueue.sendParent(notice);
      if (system.get('history')) enqueue.sendTo(system.get('history'), notice);
    }),
  },
  delays: {
    retry: ({ context }) => Math.min(EVENTS_RETRY_MS * 2 ** Math.max(0, context.failures - 1), EVENTS_RETRY_MAX_MS),
  },
}).createMachine({
  id: 'events',
  context: { failures: 0, wasUp: false },
  initial: 'off',
  states: {
    off: { on: { CONNECT: 'on' } },
    on: {
      initial: 'connected',
      on: { DISCONNECT: 'off' },
      states: {
        connected: {
          initial: 'connecting',
          invoke: { id: 'socket', src: 'socket' },
          on: {
            'SOCKET.CLOSED': { target: 'down', actions: assign({ failures: ({ context }) => context.failures + 1 }) },
            'SOCKET.MESSAGE': { actions: 'tellMessage' },
          },
          states: {
            connecting: { on: { 'SOCKET.READY': 'up' } },
            up: {
              entry: ['tellUp', assign({ failures: 0, wasUp: true })],
              exit: 'tellDown',
            },
          },
        },
        down: { after: { retry: 'connected' } },
      },
    },
  },
});
