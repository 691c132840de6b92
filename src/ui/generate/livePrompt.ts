import type { SnapshotFrom } from 'xstate';
import type { GeneratedImage, GenerationRequest, generationMachine, PromptStatus } from '../../machines/generation.machine';

type Snapshot = SnapshotFrom<typeof generationMachine>;

/** The prompt this page sent, as its generation machine follows it: shown in that prompt's card of the history. */
export interface LivePrompt {
  /** Null until the server has taken the prompt (or when it refused it). */
  promptId: string | null;
  request: GenerationRequest;
  status: PromptStatus | 'submitting';
  progress: number;
  images: GeneratedImage[];
  error: string | null;
  /** The latest preview frame while it runs. */
  preview: string | null;
  /** Whether Stop can be pressed now. */
  canStop: boolean;
}

function statusOf(snapshot: Snapshot): LivePrompt['status'] | null {
  if (snapshot.matches('idle')) return null;
  if (snapshot.matches('submitting')) return 'submitting';
  if (snapshot.matches({ following: 'queued' })) return 'queued';
  if (snapshot.matches({ following: 'running' }) || snapshot.matches('stopping')) return 'running';
  return snapshot.value as PromptStatus;
}

/** The page's own prompt from the machine's state; null before anything was sent. */
export function livePromptOf(snapshot: Snapshot): LivePrompt | null {
  const status = statusOf(snapshot);
  const { context } = snapshot;
  if (!status || !context.request) return null;
  return {
    promptId: context.promptId,
    request: context.request,
    status,
    progress: status === 'done' ? 1 : context.progress,
    images: context.images,
    error: context.error,
    preview: context.preview,
    canStop: snapshot.matches('following'),
  };
}
