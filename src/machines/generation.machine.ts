import i18n from 'i18next';
import { and, assign, enqueueActions, fromPromise, setup, stateIn } from 'xstate';
import { ApiCallError } from '../api/failures';
import { fetchHistory, queryPrompt, stopPrompt } from '../api/prompts';
import type { HistoryImage, HistoryItem, JobStatus, QueryPromptRequest, QueryPromptResponse, StopPromptResponse } from '../api/schemas';
import { eventsMachine, type PromptEventsNotice } from './events.machine';
import { historyMachine } from './history.machine';
import { pause } from './pause';

/** What the user asks for when pressing Generate. */
export type GenerationRequest = QueryPromptRequest;
export type GeneratedImage = HistoryImage;
export type PromptStatus = JobStatus;

/** The state of one prompt on the server, as the event connection or a poll reports it. */
export interface PromptProgress {
  prompt_id: string;
  status: PromptStatus;
  progress: number;
  images: GeneratedImage[];
  error: string | null;
}

interface GenerationContext {
  request: GenerationRequest | null;
  promptId: string | null;
  progress: number;
  images: GeneratedImage[];
  error: string | null;
  /** Polls of this prompt that failed in a row; each one waits a poll interval longer. */
  pollFailures: number;
  /** Whether the event connection is up: then the prompt is followed by its events, not by polling. */
  live: boolean;
  /** The connection came back: the prompt is read once, for what was missed while it was down. */
  catchUp: boolean;
  /** Events that arrived while the prompt was being submitted (a quick engine may finish before the answer). */
  early: PromptProgress[];
  /** The latest preview frame (a JPEG data URL) while the prompt runs; gone once it ends. */
  preview: string | null;
}

/** Events kept while submitting: more belong to other pages of the same user. */
const EARLY_KEPT = 20;

/** What the poll actor is asked: which prompt, after how long; with idle, nothing (the events follow it) until stopped. */
export interface PollInput {
  promptId: string;
  delayMs: number;
  idle?: boolean;
}

/** The tag components read: `busy` while a prompt is being submitted, followed or stopped. */
export type GenerationTag = 'busy';

export type GenerationEvent = { type: 'GENERATE'; request: GenerationRequest } | { type: 'STOP' } | { type: 'RESET' } | PromptEventsNotice;

/** How long to wait between two polls of the history, in ms. */
export const POLL_INTERVAL_MS = 700;
/** Polls that may fail in a row (a flaky network) before the prompt is reported lost. */
export const MAX_POLL_FAILURES = 5;

const startNew = { GENERATE: { target: '#generation.submitting', actions: 'startRequest' } } as const;

const promptContext = { request: null, promptId: null, progress: 0, images: [], error: null, pollFailures: 0, catchUp: false, early: [], preview: null };
const initialContext: GenerationContext = { ...promptContext, live: false };

/** A prompt as the history tells it. */
function progressOf(item: HistoryItem): PromptProgress {
  return { prompt_id: item.prompt_id, status: item.status, progress: item.progress, images: item.images, error: item.error };
}

/** What a poll's answer or an update event reports. */
function reported(event: unknown): PromptProgress {
  const e = event as { type: string; output?: PromptProgress; item?: HistoryItem };
  return e.type === 'EVENTS.UPDATE' ? progressOf(e.item!) : e.output!;
}

/** A guard: the poll or the event reported this status. */
function statusIs(status: PromptStatus) {
  return ({ event }: { event: unknown }) => reported(event).status === status;
}

/** A guard: the event is about the prompt being followed. */
const isOurs = ({ context, event }: { context: GenerationContext; event: unknown }) => reported(event).prompt_id === context.promptId;

/** The early event about a prompt, if one came. */
const earlyOf = (context: GenerationContext, promptId: string) => context.early.findLast((p) => p.prompt_id === promptId);

/** The poll actor's input: idle while the events follow the prompt, a read at once to catch up. */
function pollInput(context: GenerationContext): PollInput {
  const delayMs = context.catchUp ? 0 : POLL_INTERVAL_MS * (context.pollFailures + 1);
  return context.live && !context.catchUp ? { promptId: context.promptId!, delayMs, idle: true } : { promptId: context.promptId!, delayMs };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Reads one prompt from the history after a wait; the machine decides the wait and whether to ask again. */
async function readPrompt({ promptId, delayMs, idle }: PollInput, signal: AbortSignal): Promise<PromptProgress> {
  if (idle) await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  await pause(delayMs, signal);
  const page = await fetchHistory({ prompt_id: promptId, page: 1, page_size: 1 }, signal);
  const item = page.items[0];
  if (!item) throw new Error(i18n.t('generate.notInHistory', { id: promptId }));
  return { prompt_id: item.prompt_id, status: item.status, progress: item.progress, images: item.images, error: item.error };
}

/** One prompt's life on the Generate page: submit, follow its progress, stop, show the result. */
export const generationMachine = setup({
  types: { context: {} as GenerationContext, events: {} as GenerationEvent, tags: {} as GenerationTag },
  actors: {
    submitPrompt: fromPromise<QueryPromptResponse, GenerationRequest>(({ input, signal }) => queryPrompt(input, signal)),
    pollPrompt: fromPromise<PromptProgress, PollInput>(({ input, signal }) => readPrompt(input, signal)),
    stopPrompt: fromPromise<StopPromptResponse, { promptId: string }>(({ input, signal }) => stopPrompt(input.promptId, signal)),
    history: historyMachine,
    events: eventsMachine,
  },
  guards: {
    // A refused poll (4xx) will not get better by asking again; a lost network or a busy server might.
    pollMayRetry: ({ context, event }) => {
      const { error } = event as unknown as { error: unknown };
      const refused = error instanceof ApiCallError && error.status !== null && error.status < 500;
      return !refused && context.pollFailures + 1 < MAX_POLL_FAILURES;
    },
  },
  actions: {
    takePromptId: assign({ promptId: ({ event }) => (event as unknown as { output: QueryPromptResponse }).output.prompt_id }),
    // Found by system id: when the machine is only walked (model-based tests) there is no child, and the refresh goes nowhere.
    // While the event connection is up the history hears the change itself: no read.
    refreshHistory: enqueueActions(({ context, enqueue, system }) => {
      if (!context.live) enqueue.sendTo(system.get('history'), { type: 'REFRESH' });
    }),
    goLive: assign({ live: true, catchUp: ({ context }) => context.promptId !== null }),
    goPolling: assign({ live: false, catchUp: false }),
    readOnce: assign({ catchUp: true }),
    keepEarly: assign({ early: ({ context, event }) => [...context.early, reported(event)].slice(-EARLY_KEPT) }),
    takeEarly: assign(({ context, event }) => {
      const early = earlyOf(context, (event as unknown as { output: QueryPromptResponse }).output.prompt_id);
      return early ? { progress: early.progress, images: early.images, error: early.error } : {};
    }),
    takeEventProgress: assign({
      progress: ({ context, event }) => Math.max(context.progress, (event as Extract<GenerationEvent, { type: 'EVENTS.PROGRESS' }>).progress),
    }),
    takePreview: assign({ preview: ({ event }) => (event as Extract<GenerationEvent, { type: 'EVENTS.PREVIEW' }>).image }),
    dropPreview: assign({ preview: null }),
    countPollFailure: assign({ pollFailures: ({ context }) => context.pollFailures + 1 }),
    startRequest: assign(({ event }) => ({ ...promptContext, request: (event as Extract<GenerationEvent, { type: 'GENERATE' }>).request })),
    takeProgress: assign(({ event }) => {
      const p = reported(event);
      return { progress: p.progress, images: p.images, error: p.error, pollFailures: 0, catchUp: false };
    }),
  },
}).createMachine({
  id: 'generation',
  context: initialContext,
  initial: 'idle',
  // The history lives beside the prompt: told when the prompt is queued or ends, it reads itself again
  // (unless the event connection, the other child, told it already).
  invoke: [
    { id: 'history', systemId: 'history', src: 'history' },
    { id: 'events', systemId: 'events', src: 'events' },
  ],
  on: {
    RESET: { target: '.idle', actions: assign(promptContext) },
    'EVENTS.UP': { actions: 'goLive' },
    'EVENTS.DOWN': { actions: 'goPolling' },
  },
  states: {
    idle: {
      on: startNew,
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitPrompt',
        src: 'submitPrompt',
        input: ({ context }) => context.request!,
        onDone: [
          ...(['done', 'failed', 'stopped'] as const).map((status) => ({
            guard: ({ context, event }: { context: GenerationContext; event: { output: QueryPromptResponse } }) =>
              earlyOf(context, event.output.prompt_id)?.status === status,
            target: status,
            actions: ['takePromptId', 'takeEarly'] as const,
          })),
          {
            guard: ({ context, event }) => event.output.status === 'running' || earlyOf(context, event.output.prompt_id)?.status === 'running',
            target: 'following.running',
            actions: ['takePromptId', 'takeEarly', 'refreshHistory'],
          },
          { target: 'following.queued', actions: ['takePromptId', 'refreshHistory'] },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
      on: { 'EVENTS.UPDATE': { actions: 'keepEarly' } },
    },
    following: {
      tags: ['busy'],
      initial: 'queued',
      // Every answer re-enters this state, which starts the next poll.
      invoke: {
        id: 'pollPrompt',
        src: 'pollPrompt',
        input: ({ context }) => pollInput(context),
        onDone: [
          { guard: statusIs('queued'), target: '.queued', reenter: true, actions: 'takeProgress' },
          { guard: statusIs('running'), target: '.running', reenter: true, actions: 'takeProgress' },
          { guard: statusIs('done'), target: 'done', actions: 'takeProgress' },
          { guard: statusIs('failed'), target: 'failed', actions: 'takeProgress' },
          { target: 'stopped', actions: 'takeProgress' },
        ],
        // A flaky network is asked again, each time a little later; past MAX_POLL_FAILURES the prompt is out of reach.
        onError: [
          { guard: and(['pollMayRetry', stateIn({ following: 'running' })]), target: '.running', reenter: true, actions: 'countPollFailure' },
          { guard: 'pollMayRetry', target: '.queued', reenter: true, actions: 'countPollFailure' },
          // The page shows the error as it is: it is said here in the user's language.
          { target: 'failed', actions: assign({ error: ({ event }) => i18n.t('generate.lostContact', { reason: errorText(event.error) }) }) },
        ],
      },
      on: {
        STOP: 'stopping',
        // The connection changed: the poll becomes idle, or polls, or reads once for what was missed.
        'EVENTS.UP': [
          { guard: stateIn({ following: 'running' }), target: '.running', reenter: true, actions: 'goLive' },
          { target: '.queued', reenter: true, actions: 'goLive' },
        ],
        'EVENTS.DOWN': [
          { guard: stateIn({ following: 'running' }), target: '.running', reenter: true, actions: 'goPolling' },
          { target: '.queued', reenter: true, actions: 'goPolling' },
        ],
        'EVENTS.RESYNC': [
          { guard: stateIn({ following: 'running' }), target: '.running', reenter: true, actions: 'readOnce' },
          { target: '.queued', reenter: true, actions: 'readOnce' },
        ],
        'EVENTS.UPDATE': [
          { guard: and([isOurs, statusIs('queued')]), target: '.queued', actions: 'takeProgress' },
          { guard: and([isOurs, statusIs('running')]), target: '.running', actions: 'takeProgress' },
          { guard: and([isOurs, statusIs('done')]), target: 'done', actions: 'takeProgress' },
          { guard: and([isOurs, statusIs('failed')]), target: 'failed', actions: 'takeProgress' },
          { guard: and([isOurs, statusIs('stopped')]), target: 'stopped', actions: 'takeProgress' },
        ],
        'EVENTS.PROGRESS': {
          guard: ({ context, event }) => event.promptId === context.promptId,
          target: '.running',
          actions: 'takeEventProgress',
        },
        'EVENTS.PREVIEW': { guard: ({ context, event }) => event.promptId === context.promptId, actions: 'takePreview' },
      },
      states: { queued: {}, running: {} },
    },
    stopping: {
      tags: ['busy'],
      invoke: {
        id: 'stopPrompt',
        src: 'stopPrompt',
        input: ({ context }) => ({ promptId: context.promptId! }),
        onDone: [
          { guard: ({ event }) => event.output.status === 'stopped', target: 'stopped' },
          // The prompt finished before the stop arrived: keep following it to its end (its events may have come meanwhile).
          { target: 'following.running', actions: 'readOnce' },
        ],
        onError: { target: 'following.running', actions: 'readOnce' },
      },
    },
    done: { entry: ['refreshHistory', 'dropPreview'], on: startNew },
    failed: { entry: ['refreshHistory', 'dropPreview'], on: startNew },
    stopped: { entry: ['refreshHistory', 'dropPreview'], on: startNew },
  },
});
