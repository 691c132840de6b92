import { assign, fromPromise, setup } from 'xstate';

import type { HistoryImage, JobStatus, QueryPromptRequest, QueryPromptResponse, StopPromptResponse } from '../api/schemas';

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
}

export type GenerationEvent = { type: 'GENERATE'; request: GenerationRequest } | { type: 'STOP' } | { type: 'RESET' };

/** How long to wait between two polls of the history, in ms. */
export const POLL_INTERVAL_MS = 700;
/** Polls that may fail in a row (a flaky network) before the prompt is reported lost. */
export const MAX_POLL_FAILURES = 5;

const startNew = { GENERATE: { target: '#generation.submitting', actions: 'startRequest' } } as const;

const initialContext: GenerationContext = { request: null, promptId: null, progress: 0, images: [], error: null };

/** A guard: the poll reported this status. */
function statusIs(status: PromptStatus) {
  return ({ event }: { event: unknown }) => (event as { output: PromptProgress }).output.status === status;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One prompt's life on the Generate page: submit, follow its progress, stop, show the result. */
export const generationMachine = setup({
  types: { context: {} as GenerationContext, events: {} as GenerationEvent },
  actors: {
    submitPrompt: fromPromise<QueryPromptResponse, GenerationRequest>(async () => {
      throw new Error('submitPrompt is provided by the page');
    }),
    pollPrompt: fromPromise<PromptProgress, { promptId: string }>(async () => {
      throw new Error('pollPrompt is provided by the page');
    }),
    stopPrompt: fromPromise<StopPromptResponse, { promptId: string }>(async () => {
      throw new Error('stopPrompt is provided by the page');
    }),
  },
  actions: {
    startRequest: assign(({ event }) => ({ ...initialContext, request: (event as Extract<GenerationEvent, { type: 'GENERATE' }>).request })),
    takeProgress: assign(({ event }) => {
      const p = (event as unknown as { output: PromptProgress }).output;
      return { progress: p.progress, images: p.images, error: p.error };
    }),
  },
}).createMachine({
  id: 'generation',
  context: initialContext,
  initial: 'idle',
  on: {
    RESET: { target: '.idle', actions: assign(initialContext) },
  },
  states: {
    idle: {
      on: startNew,
    },
    submitting: {
      invoke: {
        id: 'submitPrompt',
        src: 'submitPrompt',
        input: ({ context }) => context.request!,
        onDone: [
          { guard: ({ event }) => event.output.status === 'running', target: 'following.running', actions: assign({ promptId: ({ event }) => event.output.prompt_id }) },
          { target: 'following.queued', actions: assign({ promptId: ({ event }) => event.output.prompt_id }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    following: {
      initial: 'queued',
      // Every answer re-enters this state, which starts the next poll.
      invoke: {
        id: 'pollPrompt',
        src: 'pollPrompt',
        input: ({ context }) => ({ promptId: context.promptId! }),
        onDone: [
          { guard: statusIs('queued'), target: '.queued', reenter: true, actions: 'takeProgress' },
          { guard: statusIs('running'), target: '.running', reenter: true, actions: 'takeProgress' },
          { guard: statusIs('done'), target: 'done', actions: 'takeProgress' },
          { guard: statusIs('failed'), target: 'failed', actions: 'takeProgress' },
          { target: 'stopped', actions: 'takeProgress' },
        ],
        // The poll retries a flaky network itself; an error here means the prompt is out of reach.
        onError: { target: 'failed', actions: assign({ error: ({ event }) => `Lost contact with the server: ${errorText(event.error)}` }) },
      },
      on: { STOP: 'stopping' },
      states: { queued: {}, running: {} },
    },
    stopping: {
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
    done: { on: startNew },
    failed: { on: startNew },
    stopped: { on: startNew },
  },
});

