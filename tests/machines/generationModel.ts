import type { EventObject } from 'xstate';
import { ApiCallError } from '../../src/api/failures';
import { MAX_POLL_FAILURES, POLL_INTERVAL_MS, type PromptProgress } from '../../src/machines/generation.machine';
import type { Request } from './modelBased';

// The Generate page's prompt as its user sees it, written from what the page must do (docs/machines.md,
// "generation"), not from the machine: the model-based test checks the machine against this.

/** Where the prompt is, as the page labels it ('stopping' shows as running, with Stop gone). */
type Phase = 'idle' | 'submitting' | 'queued' | 'running' | 'stopping' | 'done' | 'failed' | 'stopped';

/** What the page shows of the prompt, and how often the history was told to read again. */
export interface PromptSeen {
  status: Exclude<Phase, 'idle' | 'stopping'> | null;
  busy: boolean;
  canStop: boolean;
  progress: number;
  images: number;
  error: string | null;
  preview: string | null;
  historyReads: number;
}

type Notice = EventObject & {
  request?: unknown;
  item?: PromptProgress;
  promptId?: string;
  progress?: number;
  image?: string;
  output?: unknown;
  error?: unknown;
};

const ENDS = ['done', 'failed', 'stopped'] as const;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The expected page and requests, step by step. */
export class PromptModel {
  private phase: Phase = 'idle';
  private live = false;
  private catchUp = false;
  private promptId: string | null = null;
  private progress = 0;
  private images = 0;
  private error: string | null = null;
  private preview: string | null = null;
  private failures = 0;
  private early: PromptProgress[] = [];
  private historyReads = 0;
  private requests: Request[] = [];

  /** What the page should show now. */
  seen(): PromptSeen {
    const status = this.phase === 'idle' ? null : this.phase === 'stopping' ? 'running' : this.phase;
    const busy = !['idle', ...ENDS].includes(this.phase);
    return {
      status,
      busy,
      canStop: this.following,
      progress: this.progress,
      images: this.images,
      error: this.error,
      preview: this.preview,
      historyReads: this.historyReads,
    };
  }

  /** Applies one event; returns the requests the page should make because of it. */
  step(event: Notice): Request[] {
    this.requests = [];
    const handler = (this.handlers as Record<string, ((e: Notice) => void) | undefined>)[event.type];
    handler?.(event);
    return this.requests;
  }

  private get following() {
    return this.phase === 'queued' || this.phase === 'running';
  }

  private poll() {
    const delayMs = this.catchUp ? 0 : POLL_INTERVAL_MS * (this.failures + 1);
    this.requests.push({
      id: 'pollPrompt',
      input: this.live && !this.catchUp ? { promptId: this.promptId, delayMs, idle: true } : { promptId: this.promptId, delayMs },
    });
  }

  private take(p: PromptProgress) {
    Object.assign(this, { progress: p.progress, images: p.images.length, error: p.error, failures: 0, catchUp: false });
  }

  private end(phase: (typeof ENDS)[number]) {
    this.phase = phase;
    this.preview = null;
    if (!this.live) this.historyReads++;
  }

  private follow(phase: 'queued' | 'running') {
    this.phase = phase;
    if (!this.live) this.historyReads++;
    this.poll();
  }

  private clear() {
    Object.assign(this, { promptId: null, progress: 0, images: 0, error: null, preview: null, failures: 0, catchUp: false, early: [] });
  }

  private readonly handlers = {
    GENERATE: (e: Notice) => {
      if (!['idle', ...ENDS].includes(this.phase)) return;
      this.clear();
      this.phase = 'submitting';
      this.requests.push({ id: 'submitPrompt', input: e.request });
    },
    RESET: () => {
      this.clear();
      this.phase = 'idle';
    },
    STOP: () => {
      if (!this.following) return;
      this.phase = 'stopping';
      this.requests.push({ id: 'stopPrompt', input: { promptId: this.promptId } });
    },
    'EVENTS.UP': () => {
      this.live = true;
      this.catchUp = this.promptId !== null;
      if (this.following) this.poll();
    },
    'EVENTS.DOWN': () => {
      this.live = false;
      this.catchUp = false;
      if (this.following) this.poll();
    },
    'EVENTS.RESYNC': () => {
      if (!this.following) return;
      this.catchUp = true;
      this.poll();
    },
    'EVENTS.UPDATE': (e: Notice) => this.update(e.item!),
    'EVENTS.PROGRESS': (e: Notice) => {
      if (!this.following || e.promptId !== this.promptId) return;
      this.phase = 'running';
      this.progress = Math.max(this.progress, e.progress!);
    },
    'EVENTS.PREVIEW': (e: Notice) => {
      if (this.following && e.promptId === this.promptId) this.preview = e.image!;
    },
    'xstate.done.actor.submitPrompt': (e: Notice) => this.submitted(e.output as { prompt_id: string; status: string }),
    'xstate.error.actor.submitPrompt': (e: Notice) => {
      this.error = message(e.error);
      this.end('failed');
    },
    'xstate.done.actor.pollPrompt': (e: Notice) => this.reported(e.output as PromptProgress, true),
    'xstate.error.actor.pollPrompt': (e: Notice) => this.pollFailed(e.error),
    'xstate.done.actor.stopPrompt': (e: Notice) => {
      if ((e.output as { status: string }).status === 'stopped') return this.end('stopped');
      this.phase = 'running';
      this.catchUp = true;
      this.poll();
    },
    'xstate.error.actor.stopPrompt': () => {
      this.phase = 'running';
      this.catchUp = true;
      this.poll();
    },
  };

  private update(item: PromptProgress) {
    if (this.phase === 'submitting') this.early = [...this.early, item].slice(-20);
    else if (this.following && item.prompt_id === this.promptId) this.reported(item, false);
  }

  private reported(p: PromptProgress, answeredPoll: boolean) {
    this.take(p);
    if (p.status === 'queued' || p.status === 'running') {
      this.phase = p.status;
      if (answeredPoll) this.poll();
    } else this.end(p.status);
  }

  private submitted(output: { prompt_id: string; status: string }) {
    this.promptId = output.prompt_id;
    const early = this.early.findLast((p) => p.prompt_id === output.prompt_id);
    if (early && (ENDS as readonly string[]).includes(early.status)) {
      this.take(early);
      return this.end(early.status as (typeof ENDS)[number]);
    }
    if (output.status === 'running' || early?.status === 'running') {
      if (early) this.take(early);
      return this.follow('running');
    }
    this.follow('queued');
  }

  private pollFailed(error: unknown) {
    const refused = error instanceof ApiCallError && error.status !== null && error.status < 500;
    if (!refused && this.failures + 1 < MAX_POLL_FAILURES) {
      this.failures++;
      return this.poll();
    }
    this.error = `Lost contact with the server: ${message(error)}`;
    this.end('failed');
  }
}
