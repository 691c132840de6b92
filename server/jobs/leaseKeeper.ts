import type { JobQueue } from './jobQueue.js';
import { JobAbort } from './jobAbort.js';

/** How often progress reaches the database at most, so polling clients see it move. */
const PROGRESS_EVERY_MS = 250;

/**
 * Keeps a running job's lease alive and its progress current, and aborts the run when the lease
 * is lost (another worker may have it) or a stop was asked for from any instance.
 */
export class LeaseKeeper {
  private progress = 0;
  private written = 0;
  private lastWrite = Date.now();
  private timer: NodeJS.Timeout | null = null;
  private pending: Promise<void> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly queue: JobQueue,
    private readonly jobId: string,
    private readonly worker: string,
    private readonly renewMs: number,
    private readonly controller: AbortController,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(
      () => {
        const due = Date.now() - this.lastWrite >= this.renewMs || this.progress !== this.written;
        if (!due || this.busy) return;
        this.busy = true;
        this.pending = this.beat().finally(() => (this.busy = false));
      },
      Math.min(this.renewMs, PROGRESS_EVERY_MS),
    );
  }

  /** Records progress (0..1); written at the next tick. */
  report(fraction: number): void {
    this.progress = Math.max(this.progress, Math.min(1, fraction));
  }

  private async beat(): Promise<void> {
    if (this.controller.signal.aborted) return;
    const progress = this.progress;
    try {
      const { leaseHeld, stopRequested } = await this.queue.heartbeat(this.jobId, this.worker, progress);
      this.written = progress;
      this.lastWrite = Date.now();
      if (!leaseHeld) this.controller.abort(new JobAbort('lease-lost'));
      else if (stopRequested) this.controller.abort(new JobAbort('stop'));
    } catch (error) {
      // A database hiccup is not fatal: the next tick tries again before the lease runs out.
      this.onError(error);
    }
  }

  /** Stops the timer, waits for a heartbeat in flight, and writes progress not yet written (a run shorter than a tick still shows it before its end). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pending;
    if (this.progress !== this.written) await this.beat();
  }
}
