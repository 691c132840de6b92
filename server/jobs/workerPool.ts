import { EventEmitter } from 'node:events';
import { SHORT_JOB_COST } from '../../src/api/contract.js';
import type { Engine, EngineServerInfo } from '../engines/engine.js';
import type { Renderer } from '../render/processRenderer.js';
import { JobAbort } from './jobAbort.js';
import { runJob, type RunJobDeps, type RunOutcome } from './runJob.js';

/** Events a pool emits: `claimed` and `finished` with the job's id and owner, `swept` with how many jobs the sweep ended. */
export interface PoolEvents {
  claimed: [{ id: string; userId: string; worker: string; attempts: number }];
  finished: [{ id: string; userId: string; worker: string; outcome: RunOutcome }];
  swept: [number];
}

/**
 * One worker loop per engine: claim, run, repeat; idle workers poll, and wake at once on a local
 * enqueue. A worker whose engine's server stopped answering leaves rotation: it claims nothing
 * until the engine says it is available again, asked every retryMs.
 */
export class WorkerPool {
  private stopping = false;
  private readonly running = new Map<string, AbortController>();
  private readonly wakers = new Set<() => void>();
  /** Sleeps of workers out of rotation, cut short on stop (not on wake). */
  private readonly stoppers = new Set<() => void>();
  /** Engines whose server stopped answering and has not answered since. */
  private readonly down = new Set<Engine>();
  private loops: Promise<void>[] = [];
  private sweeper: NodeJS.Timeout | null = null;

  /** One render process per worker, so a stop or a timeout kills only that worker's drawing. */
  private readonly renderers: Renderer[];

  constructor(
    private readonly deps: RunJobDeps & { pollMs: number; retryMs: number; newRenderer: () => Renderer; shortLane?: Engine | null },
    private readonly engines: readonly Engine[],
    private readonly instanceId: string,
    readonly events = new EventEmitter<PoolEvents>(),
  ) {
    this.renderers = [...engines, ...(deps.shortLane ? [deps.shortLane] : [])].map(() => deps.newRenderer());
  }

  start(): void {
    for (const renderer of this.renderers) renderer.warm();
    this.loops = this.engines.map((engine, slot) => this.loop(engine, `${this.instanceId}/${slot}`, this.renderers[slot]));
    // One more worker that takes only short jobs: a user's image never waits behind other users' long videos.
    const lane = this.deps.shortLane;
    if (lane) this.loops.push(this.loop(lane, `${this.instanceId}/short`, this.renderers[this.engines.length], SHORT_JOB_COST));
    this.sweeper = setInterval(
      () => {
        this.deps.queue
          .sweepAbandoned()
          .then((ended) => ended > 0 && this.events.emit('swept', ended))
          .catch((error) => this.deps.log.warn({ err: error }, 'sweep failed'));
      },
      Math.max(this.deps.pollMs, 1000),
    );
    this.sweeper.unref();
  }

  /**
   * Each engine of the pool (by name, never its URL), whether it takes jobs (false: its server
   * stopped answering) and, for an engine on a remote server, that server's version and whether it sends previews.
   */
  async engineStates(): Promise<Array<{ engine: string; inRotation: boolean } & Partial<EngineServerInfo>>> {
    const infos = await Promise.all(this.engines.map((engine) => engine.serverInfo?.().catch(() => null) ?? null));
    return this.engines.map((engine, i) => ({
      engine: engine.name,
      inRotation: !this.down.has(engine),
      ...(engine.serverInfo ? (infos[i] ?? { version: null, previews: false }) : {}),
    }));
  }

  /** Wakes idle workers (a job was just queued). */
  wake(): void {
    for (const wake of [...this.wakers]) wake();
  }

  /** Aborts a job if a worker of this pool runs it; true if one did. */
  requestStop(jobId: string): boolean {
    const controller = this.running.get(jobId);
    controller?.abort(new JobAbort('stop'));
    return controller !== undefined;
  }

  /** Stops claiming, gives running jobs back to the queue and waits for every worker to end. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const controller of this.running.values()) controller.abort(new JobAbort('shutdown'));
    this.wake();
    for (const stop of [...this.stoppers]) stop();
    await Promise.all(this.loops);
    await Promise.all(this.renderers.map((renderer) => renderer.close()));
  }

  /** One worker: claims (only jobs costing at most maxCost, when given), runs, repeats. */
  private async loop(engine: Engine, worker: string, renderer: Renderer, maxCost?: number): Promise<void> {
    while (!this.stopping) {
      let job = null;
      try {
        job = await this.deps.queue.claim(worker, engine.name, maxCost);
      } catch (error) {
        if (!this.stopping) this.deps.log.error({ err: error }, 'claiming a job failed');
      }
      if (!job) {
        await this.idle();
        continue;
      }
      const controller = new AbortController();
      this.running.set(job.id, controller);
      this.events.emit('claimed', { id: job.id, userId: job.user_id, worker, attempts: job.attempts });
      // A shutdown that began while claiming still gives this job straight back.
      if (this.stopping) controller.abort(new JobAbort('shutdown'));
      let outcome;
      try {
        outcome = await runJob(this.deps, job, worker, engine, controller, renderer);
        this.events.emit('finished', { id: job.id, userId: job.user_id, worker, outcome });
      } finally {
        this.running.delete(job.id);
      }
      if (outcome === 'engine-unavailable') {
        this.wake(); // another worker of this pool may take the job at once
        await this.outOfRotation(engine);
      }
    }
  }

  /** Waits until the engine answers again (or the pool stops), asking every retryMs. */
  private async outOfRotation(engine: Engine): Promise<void> {
    this.deps.log.warn(`${engine.label} stopped answering: out of rotation, retried every ${this.deps.retryMs / 1000} s`);
    this.down.add(engine);
    while (!this.stopping) {
      await this.sleep(this.deps.retryMs);
      if (this.stopping) return;
      if (!engine.available || (await engine.available())) {
        this.deps.log.warn(`${engine.label} answers again: back in rotation`);
        this.down.delete(engine);
        return;
      }
    }
  }

  /** Sleeps ms, or less if the pool stops. */
  private sleep(ms: number): Promise<void> {
    return this.pause(ms, this.stoppers);
  }

  /** Waits a poll interval, or less if a job is queued here (wake) or the pool stops. */
  private idle(): Promise<void> {
    return this.pause(this.deps.pollMs, this.wakers);
  }

  /** Waits ms, or until one of the `cutters` (wakers or stoppers) is called. */
  private pause(ms: number, cutters: Set<() => void>): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        cutters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      cutters.add(done);
    });
  }
}
