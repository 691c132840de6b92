import type { EventObject } from 'xstate';
import type { EstimatorMessage } from '../../src/api/estimatorSocket';
import type { EstimationRequest, SubmitOutput } from '../../src/machines/estimation.machine';
import type { Request } from './modelBased';

// Photo to pose as its user sees it, written from what the page must do (docs/machines.md,
// "estimation"; docs/specification.md section 4), not from the machine: the model-based test checks
// the machine against this.

type Phase = 'idle' | 'connecting' | 'submitting' | 'waiting' | 'done' | 'failed';

/** What the photo-to-pose dialog shows, and the estimator sockets opened and still open. */
export interface EstimateSeen {
  busy: boolean;
  done: boolean;
  /** Failed, with Retry offered. */
  failed: boolean;
  stage: string | null;
  progress: number;
  error: string | null;
  result: unknown;
  message: string | null;
  socketsOpened: number;
  socketOpen: boolean;
}

type Notice = EventObject & { request?: EstimationRequest; message?: EstimatorMessage; reason?: string; code?: number; output?: SubmitOutput; error?: unknown };

/** The expected dialog and requests, step by step. */
export class EstimateModel {
  private phase: Phase = 'idle';
  private request: EstimationRequest | null = null;
  private imageUrl: string | null = null;
  private promptId: string | null = null;
  private stage: string | null = null;
  private progress = 0;
  private error: string | null = null;
  private result: unknown = null;
  private message: string | null = null;
  private early: EstimatorMessage[] = [];
  private socketsOpened = 0;
  private requests: Request[] = [];

  /** What the dialog should show now. */
  seen(): EstimateSeen {
    const { phase, stage, progress, error, result, message, socketsOpened } = this;
    const busy = ['connecting', 'submitting', 'waiting'].includes(phase);
    return { busy, done: phase === 'done', failed: phase === 'failed', stage, progress, error, result, message, socketsOpened, socketOpen: busy };
  }

  /** Applies one event; returns the requests the dialog should make because of it. */
  step(event: Notice): Request[] {
    this.requests = [];
    const streaming = this.phase === 'submitting' || this.phase === 'waiting';
    switch (event.type) {
      case 'ESTIMATE':
        if (['idle', 'done', 'failed'].includes(this.phase)) {
          Object.assign(this, { request: event.request, imageUrl: null, promptId: null, result: null, message: null });
          this.connect();
        }
        break;
      case 'RETRY':
        if (this.phase === 'failed') this.connect();
        break;
      case 'CANCEL':
        if (this.phase === 'connecting' || streaming) this.phase = 'idle';
        break;
      case 'SOCKET.OPEN':
        if (this.phase !== 'connecting') break;
        this.phase = 'submitting';
        this.stage = this.imageUrl ? 'queued' : 'uploading';
        this.requests.push({ id: 'submitEstimate', input: { request: this.request, imageUrl: this.imageUrl, promptId: this.promptId } });
        break;
      case 'SOCKET.ERROR':
      case 'SOCKET.CLOSED':
        if (this.phase !== 'connecting' && !streaming) break;
        this.phase = 'failed';
        this.error = event.type === 'SOCKET.ERROR' ? event.reason! : `${event.code}: ${event.reason || 'The connection to the estimator closed'}`;
        break;
      case 'SOCKET.MESSAGE':
        if (streaming) this.onMessage(event.message!);
        break;
      case 'xstate.done.actor.submitEstimate':
        this.submitted(event.output!);
        break;
      case 'xstate.error.actor.submitEstimate':
        this.phase = 'failed';
        this.error = event.error instanceof Error ? event.error.message : String(event.error);
        break;
    }
    return this.requests;
  }

  private connect() {
    Object.assign(this, { phase: 'connecting', stage: 'connecting', progress: 0, error: null, early: [] });
    this.socketsOpened++;
  }

  private onMessage(m: EstimatorMessage) {
    if (m.prompt_id === this.promptId) this.outcome(m);
    else if (this.promptId === null) this.early = [...this.early, m].slice(-20);
  }

  private outcome(m: EstimatorMessage) {
    if (m.type === 'estimation.progress') {
      this.stage = m.data.stage;
      this.progress = m.data.progress;
    } else if (m.type === 'estimation.result') {
      Object.assign(this, { phase: 'done', result: m.data, message: m.message ?? null, stage: 'done', progress: 1 });
    } else {
      Object.assign(this, { phase: 'failed', promptId: null, error: `${m.data.code_n}: ${m.data.description}` });
    }
  }

  private submitted(output: SubmitOutput) {
    const { status } = output;
    const latest = this.early.findLast((m) => m.prompt_id === output.prompt_id && m.type === 'estimation.progress');
    const progress = status ?? (latest?.type === 'estimation.progress' ? latest.data : { stage: 'queued', progress: 0 });
    Object.assign(this, { promptId: output.prompt_id, imageUrl: output.image_url, stage: progress.stage, progress: progress.progress });
    const known: EstimatorMessage | undefined =
      status?.status === 'done' && status.result
        ? { type: 'estimation.result', prompt_id: output.prompt_id, data: status.result, ...(status.message ? { message: status.message } : {}) }
        : status?.status === 'failed' && status.error
          ? { type: 'estimation.error', prompt_id: output.prompt_id, data: status.error }
          : this.early.find((m) => m.prompt_id === output.prompt_id && m.type !== 'estimation.progress');
    if (known) this.outcome(known);
    else this.phase = 'waiting';
  }
}
