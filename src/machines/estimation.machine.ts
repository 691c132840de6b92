import { assign, fromCallback, fromPromise, setup, spawnChild, stopChild } from 'xstate';
import type { EstimateStatus, EstimatorMessage } from '../api/contract';
import { connectEstimatorSocket, type SocketEvent } from '../api/estimatorSocket';
import type { OpenPoseJson } from '../pose/index';

/** What the user asks for: a photo, and whether to look for hands and faces too. */
export interface EstimationRequest {
  photo: Blob;
  fileName: string;
  hands: boolean;
  face: boolean;
}

/** What submitting gave: the estimate's id, the uploaded photo's URL, and its status when it was already known. */
export interface SubmitOutput {
  prompt_id: string;
  image_url: string;
  status?: EstimateStatus;
}

/** Input of the submit actor: upload the photo unless imageUrl is known; look promptId up rather than start anew. */
export interface SubmitInput {
  request: EstimationRequest;
  imageUrl: string | null;
  promptId: string | null;
}

/** Where the estimate is, as the user sees it. */
export type EstimationStage = 'connecting' | 'uploading' | EstimateStatus['stage'];

interface EstimationContext {
  request: EstimationRequest | null;
  imageUrl: string | null;
  promptId: string | null;
  stage: EstimationStage | null;
  progress: number;
  result: OpenPoseJson | null;
  /** Said with an empty result (no person found). */
  message: string | null;
  error: string | null;
  /** Messages that came before we knew our prompt id (the server can answer faster than the POST returns). */
  early: EstimatorMessage[];
}

/** The tag components read: `busy` while the socket opens and the estimate runs. */
export type EstimationTag = 'busy';

export type EstimationEvent = { type: 'ESTIMATE'; request: EstimationRequest } | { type: 'RETRY' } | { type: 'CANCEL' } | SocketEvent;

const EARLY_LIMIT = 20;
const initialContext: EstimationContext = {
  request: null,
  imageUrl: null,
  promptId: null,
  stage: null,
  progress: 0,
  result: null,
  message: null,
  error: null,
  early: [],
};
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Message = Extract<EstimationEvent, { type: 'SOCKET.MESSAGE' }>['message'];
const messageOf = (event: EstimationEvent): Message | null => (event.type === 'SOCKET.MESSAGE' ? event.message : null);
/** The outcome among the messages of one prompt: its result or error, else null. */
const outcomeIn = (messages: readonly Message[], promptId: string) =>
  messages.find((m) => m.prompt_id === promptId && m.type !== 'estimation.progress') ?? null;

function outcomeOfSubmit(context: EstimationContext, output: SubmitOutput): Message | null {
  const { status } = output;
  if (status?.status === 'done' && status.result) {
    return { type: 'estimation.result', prompt_id: output.prompt_id, data: status.result, ...(status.message ? { message: status.message } : {}) };
  }
  if (status?.status === 'failed' && status.error) return { type: 'estimation.error', prompt_id: output.prompt_id, data: status.error };
  return outcomeIn(context.early, output.prompt_id);
}

/**
 * Uploads (unless a retry already did) and submits the photo; a retry whose estimate the server
 * already knows looks it up instead of starting again.
 */
async function resumeOrSubmit({ request, imageUrl, promptId }: SubmitInput, signal: AbortSignal): Promise<SubmitOutput> {
  // The HTTP client loads with the first estimate, so the pages that show photo to pose open without it.
  const { lookUpEstimate, submitEstimate, uploadPhoto } = await import('../api/estimates');
  const uploaded = imageUrl ?? (await uploadPhoto(request.photo, request.fileName, signal));
  const known = promptId ? await lookUpEstimate(promptId, signal) : null;
  if (known) return { prompt_id: known.prompt_id, image_url: uploaded, status: known };
  const submitted = await submitEstimate({ image_url: uploaded, hands: request.hands, face: request.face }, signal);
  return { prompt_id: submitted, image_url: uploaded };
}

/**
 * One photo-to-pose estimate (docs/specification.md section 4): the socket opens when an estimate is asked for,
 * the photo is uploaded and submitted, progress streams in, and the socket closes on the result,
 * on an error (a code other than 200) or when it fails. A failed estimate can be retried: after a
 * lost connection the retry looks the same estimate up instead of starting again.
 */
export const estimationMachine = setup({
  types: { context: {} as EstimationContext, events: {} as EstimationEvent, tags: {} as EstimationTag },
  actors: {
    estimatorSocket: fromCallback<EstimationEvent>(({ sendBack }) => connectEstimatorSocket(sendBack)),
    submitEstimate: fromPromise<SubmitOutput, SubmitInput>(({ input, signal }) => resumeOrSubmit(input, signal)),
  },
  guards: {
    isProgress: ({ context, event }) => messageOf(event)?.prompt_id === context.promptId && messageOf(event)?.type === 'estimation.progress',
    isResult: ({ context, event }) => messageOf(event)?.prompt_id === context.promptId && messageOf(event)?.type === 'estimation.result',
    isError: ({ context, event }) => messageOf(event)?.prompt_id === context.promptId && messageOf(event)?.type === 'estimation.error',
    isUnknownPrompt: ({ context, event }) => context.promptId === null && messageOf(event) !== null,
    submitFoundResult: ({ context, event }) => outcomeOfSubmit(context, (event as unknown as { output: SubmitOutput }).output)?.type === 'estimation.result',
    submitFoundError: ({ context, event }) => outcomeOfSubmit(context, (event as unknown as { output: SubmitOutput }).output)?.type === 'estimation.error',
  },
  actions: {
    start: assign(({ event }) => ({
      ...initialContext,
      request: (event as Extract<EstimationEvent, { type: 'ESTIMATE' }>).request,
      stage: 'connecting' as const,
    })),
    restart: assign({ stage: 'connecting' as const, progress: 0, error: null, early: [] }),
    openSocket: spawnChild('estimatorSocket', { id: 'socket' }),
    closeSocket: stopChild('socket'),
    uploading: assign({ stage: ({ context }) => (context.imageUrl ? 'queued' : 'uploading') }),
    keepEarly: assign({ early: ({ context, event }) => [...context.early, messageOf(event)!].slice(-EARLY_LIMIT) }),
    takeSubmit: assign(({ context, event }) => {
      const output = (event as unknown as { output: SubmitOutput }).output;
      const latest = [...context.early].reverse().find((m) => m.prompt_id === output.prompt_id && m.type === 'estimation.progress');
      const progress = output.status ?? (latest?.type === 'estimation.progress' ? latest.data : { stage: 'queued' as const, progress: 0 });
      return { promptId: output.prompt_id, imageUrl: output.image_url, stage: progress.stage, progress: progress.progress };
    }),
    takeOutcome: assign(({ context, event }) => {
      const output = (event as unknown as { output?: SubmitOutput }).output;
      const message = output ? outcomeOfSubmit(context, output) : messageOf(event);
      if (message?.type === 'estimation.result') {
        return { promptId: message.prompt_id, result: message.data, message: message.message ?? null, stage: 'done' as const, progress: 1 };
      }
      // The server refused this estimate for good: a retry starts a new one.
      if (message?.type === 'estimation.error') return { promptId: null, error: `${message.data.code_n}: ${message.data.description}` };
      return {};
    }),
    takeProgress: assign(({ event }) => {
      const message = messageOf(event)!;
      return message.type === 'estimation.progress' ? { stage: message.data.stage, progress: message.data.progress } : {};
    }),
    submitFailed: assign({ error: ({ event }) => errorText((event as unknown as { error: unknown }).error) }),
    socketFailed: assign({
      error: ({ event }) => {
        if (event.type === 'SOCKET.CLOSED') return `${event.code}: ${event.reason || 'The connection to the estimator closed'}`;
        return event.type === 'SOCKET.ERROR' ? event.reason : null;
      },
    }),
  },
}).createMachine({
  id: 'estimation',
  context: initialContext,
  initial: 'idle',
  states: {
    idle: {
      entry: 'closeSocket',
      on: { ESTIMATE: { target: 'connecting', actions: 'start' } },
    },
    connecting: {
      tags: ['busy'],
      entry: 'openSocket',
      on: {
        'SOCKET.OPEN': 'streaming',
        'SOCKET.ERROR': { target: 'closed.failed', actions: 'socketFailed' },
        'SOCKET.CLOSED': { target: 'closed.failed', actions: 'socketFailed' },
        CANCEL: 'idle',
      },
    },
    streaming: {
      tags: ['busy'],
      initial: 'submitting',
      on: {
        'SOCKET.MESSAGE': [
          { guard: 'isResult', target: 'closed.done', actions: 'takeOutcome' },
          { guard: 'isError', target: 'closed.failed', actions: 'takeOutcome' },
          { guard: 'isProgress', actions: 'takeProgress' },
          { guard: 'isUnknownPrompt', actions: 'keepEarly' },
        ],
        'SOCKET.ERROR': { target: 'closed.failed', actions: 'socketFailed' },
        'SOCKET.CLOSED': { target: 'closed.failed', actions: 'socketFailed' },
        CANCEL: 'idle',
      },
      states: {
        submitting: {
          entry: 'uploading',
          invoke: {
            id: 'submitEstimate',
            src: 'submitEstimate',
            input: ({ context }) => ({ request: context.request!, imageUrl: context.imageUrl, promptId: context.promptId }),
            onDone: [
              { guard: 'submitFoundResult', target: '#estimation.closed.done', actions: ['takeSubmit', 'takeOutcome'] },
              { guard: 'submitFoundError', target: '#estimation.closed.failed', actions: ['takeSubmit', 'takeOutcome'] },
              { target: 'waiting', actions: 'takeSubmit' },
            ],
            onError: { target: '#estimation.closed.failed', actions: 'submitFailed' },
          },
        },
        waiting: {},
      },
    },
    closed: {
      entry: 'closeSocket',
      initial: 'done',
      on: { ESTIMATE: { target: 'connecting', actions: 'start' } },
      states: {
        done: {},
        failed: { on: { RETRY: { target: '#estimation.connecting', actions: 'restart' } } },
      },
    },
  },
});
