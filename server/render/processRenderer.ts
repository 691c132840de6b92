import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { EngineError, throwIfAborted } from '../engines/engine.js';
import type { FromRenderer, RenderTask, ToRenderer } from './renderTypes.js';

/** Draws images off the API's event loop, one at a time, each within a time limit. */
export interface Renderer {
  /** The PNG of one task; rejects with the signal's reason when aborted (the drawing is killed at once). */
  render(task: RenderTask, signal: AbortSignal): Promise<Buffer>;
  /** Starts the process ahead of the first task, so starting it costs no job's time. */
  warm(): void;
  close(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./renderProcess.ts', import.meta.url));
const READY_ID = 0;

interface Pending {
  id: number;
  settle(outcome: { png: Buffer } | { error: unknown }): void;
}

/** A render process, started on first use and killed (then restarted on the next task) on a timeout or a stop. */
export class ProcessRenderer implements Renderer {
  private child: ChildProcess | null = null;
  private starting: Promise<ChildProcess> | null = null;
  /** Fails the start in progress (the process was killed before it was ready). */
  private failStart: ((error: Error) => void) | null = null;
  private pending: Pending | null = null;
  private nextId = READY_ID + 1;

  constructor(private readonly options: { timeoutMs: number; log: FastifyBaseLogger }) {}

  async render(task: RenderTask, signal: AbortSignal): Promise<Buffer> {
    throwIfAborted(signal);
    if (this.pending) throw new Error('ProcessRenderer draws one image at a time');
    const child = await this.startOrAbort(signal);
    return new Promise<Buffer>((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.kill(child);
        settle({
          error: new EngineError(
            `Drawing one image took longer than ${this.options.timeoutMs / 1000} s, the most allowed; try fewer people, fewer images or a smaller size`,
          ),
        });
      }, this.options.timeoutMs);
      const onAbort = () => {
        this.kill(child);
        settle({ error: signal.reason });
      };
      const settle: Pending['settle'] = (outcome) => {
        if (this.pending?.id !== id) return;
        this.pending = null;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        if ('png' in outcome) resolve(outcome.png);
        else reject(outcome.error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending = { id, settle };
      child.send({ id, task } satisfies ToRenderer);
    });
  }

  warm(): void {
    this.start().catch(() => {}); // a start that fails is reported, and retried, by the next render
  }

  async close(): Promise<void> {
    const child = this.child;
    this.pending?.settle({ error: new EngineError('The server is shutting down') });
    if (child) this.kill(child);
  }

  /** The ready process, unless the signal aborts first (a stop or a shutdown during start-up). */
  private async startOrAbort(signal: AbortSignal): Promise<ChildProcess> {
    let onAbort = () => {};
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([this.start(), aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  private start(): Promise<ChildProcess> {
    this.starting ??= new Promise<ChildProcess>((resolve, reject) => {
      this.failStart = reject;
      // serialization 'advanced' passes PNG bytes as bytes, not as JSON arrays.
      const child = fork(ENTRY, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      this.child = child;
      child.on('message', (message: FromRenderer) => {
        if (message.id === READY_ID) {
          this.failStart = null;
          resolve(child);
        } else this.onAnswer(message);
      });
      child.on('exit', (code, signal) => {
        if (this.child !== child) return; // killed on purpose: already settled
        this.forget();
        const how = signal ? `signal ${signal}` : `exit code ${code}`;
        this.options.log.error(`render process stopped (${how})`);
        reject(new EngineError('The drawing process could not start; try again'));
        this.pending?.settle({ error: new EngineError('The drawing process stopped unexpectedly; try again') });
      });
    });
    return this.starting;
  }

  private onAnswer(message: FromRenderer): void {
    if (message.id !== this.pending?.id) return;
    if ('png' in message) return this.pending.settle({ png: Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength) });
    this.options.log.error({ detail: message.detail }, `render failed (${message.failure})`);
    const text =
      message.failure === 'unreadable' ? 'The engine returned an image that cannot be read' : 'The image could not be drawn (an internal error); try again';
    this.pending.settle({ error: new EngineError(text) });
  }

  private kill(child: ChildProcess): void {
    if (this.child === child) this.forget();
    child.kill('SIGKILL');
  }

  private forget(): void {
    this.failStart?.(new EngineError('The drawing process was stopped while starting'));
    this.failStart = null;
    this.child = null;
    this.starting = null;
  }
}
