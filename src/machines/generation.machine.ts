import { and, assign, fromPromise, sendTo, setup, stateIn } from 'xstate';
import { ApiCallError } from '../api/failures';
import { fetchHistory, queryPrompt, stopPrompt } from '../api/prompts';
import type { HistoryImage, JobStatus, QueryPromptRequest, QueryPromptResponse, StopPromptResponse } from '../api/schemas';
import { historyMachine } from './history.machine';
import { pause } from './pause';

/** What the user asks for when pressing Generate. */
export type GenerationRequest = QueryPromptRequest;
export type GeneratedImage = HistoryImage;
export type PromptStatus = JobStatus;

/** The state of one prompt on the server, as polling reports it. */
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
}

/** What the poll actor is asked: which prompt, after how long. */
export interface PollInput {
  promptId: string;
  delayMs: number;
}

/** The tag components read: `busy` while a prompt is being submitted, followed or stopped. */
export type GenerationTag = 'busy';

export type GenerationEvent = { type: 'GENERATE'; request: GenerationRequest } | { type: 'STOP' } | { type: 'RESET' };

/** How long to wait between two polls of the history, in ms. */
export const POLL_INTERVAL_MS = 700;
/** Polls that may fail in a row (a flaky network) before the prompt is reported lost. */
export const MAX_POLL_FAILURES = 5;

const startNew = { GENERATE: { target: '#generation.submitting', actions: 'startRequest' } } as const;

const initialContext: GenerationContext = { request: null, promptId: null, progress: 0, images: [], error: null, pollFailures: 0 };

/** A guard: the poll reported this status. */
function statusIs(status: PromptStatus) {
  return ({ event }: { event: unknown }) => (event as { output: PromptProgress }).output.status === status;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Reads one prompt from the history after a wait; the machine decides the wait and whether to ask again. */
async function readPrompt({ promptId, delayMs }: PollInput, signal: AbortSignal): Promise<PromptProgress> {
  await pause(delayMs, signal);
  const page = await fetchHistory({ prompt_id: promptId, page: 1, page_size: 1 }, signal);
  const item = page.items[0];
  if (!item) throw new Error(`Prompt ${promptId} is not in your history`);
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
    refreshHistory: sendTo(({ system }) => system.get('history'), { type: 'REFRESH' }),
    countPollFailure: assign({ pollFailures: ({ context }) => context.pollFailures + 1 }),
    startRequest: assign(({ event }) => ({ ...initialContext, request: (event as Extract<GenerationEvent, { type: 'GENERATE' }>).request })),
    takeProgress: assign(({ event }) => {
      const p = (event as unknown as { output: PromptProgress }).output;
      return { progress: p.progress, images: p.images, error: p.error, pollFailures: 0 };
    }),
  },
}).createMachine({
  id: 'generation',
  context: initialContext,
  initial: 'idle',
  // The history lives beside the prompt: told when the prompt is queued or ends, it reads itself again.
  invoke: { id: 'history', systemId: 'history', src: 'history' },
  on: {
    RESET: { target: '.idle', actions: assign(initialContext) },
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
          { guard: ({ event }) => event.output.status === 'running', target: 'following.running', actions: ['takePromptId', 'refreshHistory'] },
          { target: 'following.queued', actions: ['takePromptId', 'refreshHistory'] },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    following: {
      tags: ['busy'],
      initial: 'queued',
      // Every answer re-enters this state, which starts the next poll.
      invoke: {
        id: 'pollPrompt',
        src: 'pollPrompt',
        input: ({ context }) => ({ promptId: context.promptId!, delayMs: POLL_INTERVAL_MS * (context.pollFailures + 1) }),
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
          { target: 'failed', actions: assign({ error: ({ event }) => `Lost contact with the server: ${errorText(event.error)}` }) },
        ],
      },
      on: { STOP: 'stopping' },
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
          // The prompt finished before the stop arrived: keep following it to its end.
          { target: 'following.running' },
        ],
        onError: { target: 'following.running' },
      },
    },
    done: { entry: 'refreshHistory', on: startNew },
    failed: { entry: 'refreshHistory', on: startNew },
    stopped: { entry: 'refreshHistory', on: startNew },
  },
});

