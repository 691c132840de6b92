import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '../../src/api/contract.js';
import type { EstimateStatus, EstimatorMessage } from '../../src/api/estimatorSocket.js';
import { ApiError, codeForStatus } from '../http/envelope.js';
import type { EstimatorConfig } from './estimatorConfig.js';
import { isFinished, messageFor, NO_PERSON_MESSAGE, statusFor, type EstimateRecord } from './estimateRecord.js';
import { asEstimateFailure } from './estimateFailure.js';
import type { Estimator } from './processEstimator.js';
import type { EstimateRelay } from './estimateRelay.js';

/** Sends a message to one open socket; false when it could not (the socket is closing). */
export type Listener = (message: EstimatorMessage) => boolean;

const SWEEP_EVERY_MS = 60_000;
/** Finished estimates kept per user; older ones go first, so one busy user cannot fill the memory. */
const KEPT_PER_USER = 50;

/**
 * Estimates of every user: a FIFO queue in front of the one estimator, results kept in memory for
 * resultTtlMs, and delivery to the owner's open sockets (or on their next connect, or by GET).
 * With a relay (several instances on one Postgres), estimates run on other instances reach this
 * instance's sockets and GET too.
 */
export class EstimateService {
  private readonly records = new Map<string, EstimateRecord>();
  private readonly waiting: Array<{ record: EstimateRecord; bytes: Buffer }> = [];
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly sweeper: NodeJS.Timeout;
  /** Ids of estimates that run on other instances, mirrored here from the relay. */
  private readonly remote = new Set<string>();
  private relay: EstimateRelay | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private running = false;
  /** When each user with estimates waiting was last served (a counter), for the round-robin. */
  private readonly servedAt = new Map<string, number>();
  private served = 0;
  private closed = false;

  constructor(
    private readonly config: EstimatorConfig,
    private readonly estimator: Estimator,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS).unref();
  }

  /** Queues an estimate of an already checked image; 429 past the user's limit, 503 when the queue is full. */
  submit(uid: string, bytes: Buffer, options: EstimateRecord['options']): EstimateRecord {
    if (this.closed) throw new ApiError(503, ERROR_CODES.unavailable, 'The server is shutting down');
    const pending = [...this.records.values()].filter((r) => r.uid === uid && !isFinished(r) && !this.remote.has(r.promptId)).length;
    if (pending >= this.config.maxPendingPerUser) {
      throw new ApiError(429, ERROR_CODES.tooManyRequests, `You already have ${pending} estimates in progress; wait for one to finish`);
    }
    // Each user's share is maxPendingPerUser; a user with nothing pending still gets a place in a
    // full queue (up to twice its size), so a few accounts cannot lock everyone else out.
    if (this.waiting.length >= this.config.maxQueued * (pending === 0 ? 2 : 1)) {
      throw new ApiError(503, ERROR_CODES.unavailable, 'The estimator is busy; try again in a minute');
    }
    const record: EstimateRecord = {
      promptId: crypto.randomUUID(),
      uid,
      status: 'queued',
      stage: 'queued',
      progress: 0,
      options,
      result: null,
      message: null,
      error: null,
      createdAt: Date.now(),
      finishedAt: null,
      delivered: false,
    };
    const finished = [...this.records.values()].filter((r) => r.uid === uid && isFinished(r));
    for (const old of finished.slice(0, Math.max(0, finished.length - KEPT_PER_USER + 1))) this.records.delete(old.promptId);
    this.records.set(record.promptId, record);
    this.waiting.push({ record, bytes });
    this.emit(record);
    queueMicrotask(() => void this.drain());
    return record;
  }

  /** An estimate of this user, for GET; null when unknown, expired or someone else's. */
  async status(uid: string, promptId: string): Promise<EstimateStatus | null> {
    // Another instance may have run it while this one was not listening yet.
    const record = this.records.get(promptId) ?? (await this.relay?.find(promptId)) ?? null;
    if (!record || record.uid !== uid) return null;
    if (isFinished(record)) record.delivered = true;
    return statusFor(record);
  }

  /** Shares estimates with the other instances through a relay, from now on. */
  async share(relay: EstimateRelay): Promise<void> {
    this.relay = relay;
    this.unlisten = await relay.listen((record) => this.mirror(record));
  }

  /** Takes in an estimate another instance changed, and passes it to this instance's sockets. */
  private mirror(record: EstimateRecord): void {
    const known = this.records.get(record.promptId);
    if (known && !this.remote.has(record.promptId)) return; // ours: never overwritten from outside
    // Several announcements can read the same (latest) row: pass each state on once.
    if (this.closed || (known && known.status === record.status && known.stage === record.stage && known.progress === record.progress)) return;
    this.remote.add(record.promptId);
    this.records.set(record.promptId, { ...record, delivered: known?.delivered ?? false });
    this.deliver(this.records.get(record.promptId)!);
  }

  /** Registers an open socket of a user and sends it what it missed: outcomes not yet delivered, and progress. */
  connect(uid: string, listener: Listener): () => void {
    const set = this.listeners.get(uid) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(uid, set);
    const mine = [...this.records.values()].filter((r) => r.uid === uid && !(isFinished(r) && r.delivered));
    for (const record of mine.sort((a, b) => a.createdAt - b.createdAt)) {
      if (listener(messageFor(record)) && isFinished(record)) record.delivered = true;
    }
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(uid);
    };
  }

  /** Stops taking estimates and stops the estimator. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await this.unlisten?.();
    await this.relay?.flushed();
    await this.estimator.close();
  }

  /** Sends a change of one of our estimates to the owner's sockets, here and (with a relay) everywhere. */
  private emit(record: EstimateRecord): void {
    this.deliver(record);
    this.relay?.publish(record);
  }

  private deliver(record: EstimateRecord): void {
    const message = messageFor(record);
    let sent = false;
    for (const listener of this.listeners.get(record.uid) ?? []) sent = listener(message) || sent;
    if (sent && isFinished(record)) record.delivered = true;
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.takeNext(); next && !this.closed; next = this.takeNext()) await this.runOne(next.record, next.bytes);
    } finally {
      this.running = false;
    }
  }

  /** The next estimate, round-robin across users: the oldest of the user served longest ago. */
  private takeNext(): { record: EstimateRecord; bytes: Buffer } | undefined {
    const turnOf = (i: number) => this.servedAt.get(this.waiting[i].record.uid) ?? 0;
    let best = 0;
    for (let i = 1; i < this.waiting.length; i++) if (turnOf(i) < turnOf(best)) best = i;
    const [next] = this.waiting.splice(best, 1);
    if (next) this.servedAt.set(next.record.uid, ++this.served);
    // Users with nothing left waiting are forgotten: they are behind everyone who was served since.
    for (const uid of this.servedAt.keys()) if (!this.waiting.some((w) => w.record.uid === uid) && uid !== next?.record.uid) this.servedAt.delete(uid);
    return next;
  }

  private async runOne(record: EstimateRecord, bytes: Buffer): Promise<void> {
    record.status = 'running';
    try {
      const output = await this.estimator.run(bytes, { ...record.options, inferenceMaxSide: this.config.inferenceMaxSide }, (stage, progress) => {
        Object.assign(record, { stage, progress });
        this.emit(record);
      });
      Object.assign(record, { status: 'done', stage: 'done', progress: 1, result: output.pose });
      if (output.pose.people.length === 0) record.message = NO_PERSON_MESSAGE;
      this.log?.info({ promptId: record.promptId, people: output.pose.people.length, timings: output.timingsMs }, 'estimate done');
    } catch (error) {
      const failure = asEstimateFailure(error);
      if (failure.status >= 500) this.log?.error({ err: error, promptId: record.promptId }, 'estimate failed');
      Object.assign(record, { status: 'failed', error: { code_n: codeForStatus(failure.status), description: failure.message } });
    }
    record.finishedAt = Date.now();
    this.emit(record);
  }

  /** Drops finished estimates older than resultTtlMs (runs every minute). */
  sweep(now = Date.now()): void {
    for (const [id, record] of this.records) {
      // A mirrored estimate whose instance died never finishes: it goes after the TTL too.
      const since = record.finishedAt ?? (this.remote.has(id) ? record.createdAt : null);
      if (since !== null && now - since > this.config.resultTtlMs) {
        this.records.delete(id);
        this.remote.delete(id);
      }
    }
    this.relay?.sweep(this.config.resultTtlMs).catch((error) => this.log?.warn({ err: error }, 'could not sweep shared estimates'));
  }
}
