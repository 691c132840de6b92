import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EstimateFailure } from './estimateFailure.js';
import type { EstimateOptions, EstimateOutput, EstimateStage, ProgressReport } from './runEstimate.js';
import type { FromEstimator, ToEstimator } from './processProtocol.js';

/** Runs estimates, one at a time; the server's queue decides the order. */
export interface Estimator {
  /** Resolves once the models are loaded (starting them if needed). */
  ready(): Promise<void>;
  run(bytes: Uint8Array, options: EstimateOptions, report: ProgressReport): Promise<EstimateOutput>;
  close(): Promise<void>;
}

interface Job {
  id: number;
  stage: EstimateStage;
  resolve(output: EstimateOutput): void;
  reject(error: EstimateFailure): void;
  report: ProgressReport;
  timer: NodeJS.Timeout;
}

const ENTRY = fileURLToPath(new URL('./estimatorProcess.ts', import.meta.url));

/** Why the process died, in the user's terms: during decoding it is the image's fault. */
function deathOf(job: Job | null, how: string): EstimateFailure {
  if (job?.stage === 'decoding') {
    return new EstimateFailure(422, 'The image could not be decoded: it is damaged or cut off (the decoder stopped on it); save it again as JPEG or PNG');
  }
  return new EstimateFailure(500, `The estimator stopped (${how}); try again`);
}

/** The estimator in a child process, started on first use and restarted after a crash or a timeout. */
export class ProcessEstimator implements Estimator {
  private child: ChildProcess | null = null;
  private starting: Promise<void> | null = null;
  private job: Job | null = null;
  private nextId = 1;
  /** Model load and warm-up times and memory of the running process, for logs and the bench. */
  stats: { loadMs: number; warmUpMs: number; rssBytes: number } | null = null;

  constructor(private readonly options: { modelsDir: string; timeoutMs: number; log?: (message: string) => void }) {}

  ready(): Promise<void> {
    this.starting ??= new Promise<void>((resolve, reject) => {
      // serialization 'advanced' passes image bytes as bytes, not as JSON arrays.
      const child = fork(ENTRY, [this.options.modelsDir], {
        execArgv: ['--import', 'tsx'],
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      this.child = child;
      child.on('message', (message: FromEstimator) => {
        if (message.type === 'ready') {
          this.stats = { loadMs: message.loadMs, warmUpMs: message.warmUpMs, rssBytes: message.rssBytes };
          this.options.log?.(`estimator: models loaded in ${message.loadMs} ms, warmed up in ${message.warmUpMs} ms`);
          resolve();
        } else if (message.type === 'fatal') reject(new EstimateFailure(503, message.message));
        else this.onJobMessage(message);
      });
      child.on('error', (error) => this.onExit(child, error.message, reject));
      child.on('exit', (code, signal) => this.onExit(child, signal ? `signal ${signal}` : `exit code ${code}`, reject));
    });
    return this.starting;
  }

  async run(bytes: Uint8Array, options: EstimateOptions, report: ProgressReport): Promise<EstimateOutput> {
    if (this.job) throw new Error('ProcessEstimator runs one estimate at a time');
    await this.ready();
    const child = this.child!;
    return new Promise<EstimateOutput>((resolve, reject) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        this.finish(id)?.reject(new EstimateFailure(504, `The estimate took longer than ${this.options.timeoutMs / 1000} s and was stopped`));
        this.forget(child);
        child.kill('SIGKILL');
      }, this.options.timeoutMs);
      this.job = { id, stage: 'queued', resolve, reject, report, timer };
      child.send({ type: 'estimate', id, bytes, options } satisfies ToEstimator);
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    this.forget(child);
    this.finish(this.job?.id ?? -1)?.reject(new EstimateFailure(503, 'The server is shutting down'));
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
  }

  private onJobMessage(message: Exclude<FromEstimator, { type: 'ready' | 'fatal' }>): void {
    if (message.id !== this.job?.id) return;
    if (message.type === 'progress') {
      this.job.stage = message.stage;
      this.job.report(message.stage, message.progress);
    } else if (message.type === 'done') {
      if (this.stats) this.stats.rssBytes = message.rssBytes;
      this.finish(message.id)?.resolve(message.output);
    } else this.finish(message.id)?.reject(new EstimateFailure(message.status, message.description));
  }

  private finish(id: number): Job | null {
    const job = this.job;
    if (!job || job.id !== id) return null;
    clearTimeout(job.timer);
    this.job = null;
    return job;
  }

  private forget(child: ChildProcess | null): void {
    if (child && this.child !== child) return;
    this.child = null;
    this.starting = null;
  }

  private onExit(child: ChildProcess, how: string, rejectStart: (error: EstimateFailure) => void): void {
    if (this.child !== child) return; // one we already replaced or closed
    this.forget(child);
    this.options.log?.(`estimator: process stopped (${how})`);
    rejectStart(new EstimateFailure(503, `The estimator could not start (${how})`));
    const job = this.job;
    this.finish(job?.id ?? -1)?.reject(deathOf(job, how));
  }
}
