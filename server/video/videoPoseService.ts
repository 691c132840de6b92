import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  ERROR_CODES,
  type EstimateError,
  type VideoPoseMessage,
  type VideoPoseProgress,
  type VideoPoseResult,
  type VideoPoseStatus,
} from '../../src/api/contract.js';
import { ApiError, codeForStatus } from '../http/envelope.js';
import { asEstimateFailure } from '../estimator/estimateFailure.js';
import type { Estimator } from '../estimator/processEstimator.js';
import type { VideoPoseConfig } from './videoConfig.js';
import { estimateVideo, type VideoJob } from './estimateVideo.js';

/** Sends a message to one open socket; false when it could not. */
export type VideoListener = (message: VideoPoseMessage) => boolean;

/** One video estimate as the server keeps it, for its owner only. */
interface VideoRecord {
  promptId: string;
  uid: string;
  status: VideoPoseStatus['status'];
  progress: VideoPoseProgress;
  result: VideoPoseResult | null;
  error: EstimateError | null;
  finishedAt: number | null;
  job: VideoJob;
  abort: AbortController;
}

/** Finished videos kept per user (each result can be a megabyte): older ones go first. */
const KEPT_PER_USER = 3;
const SWEEP_EVERY_MS = 60_000;
const isFinished = (r: VideoRecord) => r.status === 'done' || r.status === 'failed' || r.status === 'stopped';

/**
 * Videos of every user turned into pose sequences, one at a time (each frame takes its turn at the
 * shared estimator), one waiting or running per user; progress, outcomes and stops go to the owner's
 * /ws_estimator sockets, and GET answers them too (on this instance).
 */
export class VideoPoseService {
  private readonly records = new Map<string, VideoRecord>();
  private readonly listeners = new Map<string, Set<VideoListener>>();
  private readonly waiting: VideoRecord[] = [];
  private readonly sweeper: NodeJS.Timeout;
  private running = false;
  private closed = false;

  constructor(
    private readonly config: VideoPoseConfig & { resultTtlMs: number; inferenceMaxSide: number },
    private readonly estimator: Estimator,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS).unref();
  }

  /** Refuses a new video when the user already has one in progress or the queue is full (before the upload is read). */
  checkRoom(uid: string): void {
    if (this.closed) throw new ApiError(503, ERROR_CODES.unavailable, 'The server is shutting down');
    if ([...this.records.values()].some((r) => r.uid === uid && !isFinished(r))) {
      throw new ApiError(429, ERROR_CODES.tooManyRequests, 'You already have a video being turned into poses; wait for it or stop it');
    }
    if (this.waiting.length >= this.config.maxQueued) throw new ApiError(503, ERROR_CODES.unavailable, 'The video estimator is busy; try again in a minute');
  }

  /** Queues a checked video (its file in job.folder, deleted once done); answers its prompt_id. */
  submit(uid: string, job: VideoJob): string {
    this.checkRoom(uid);
    const record: VideoRecord = {
      promptId: crypto.randomUUID(),
      uid,
      status: 'queued',
      progress: { stage: 'queued', frame: 0, frames: job.frames },
      result: null,
      error: null,
      finishedAt: null,
      job,
      abort: new AbortController(),
    };
    const finished = [...this.records.values()].filter((r) => r.uid === uid && isFinished(r));
    for (const old of finished.slice(0, Math.max(0, finished.length - KEPT_PER_USER + 1))) this.records.delete(old.promptId);
    this.records.set(record.promptId, record);
    this.waiting.push(record);
    this.emit(record);
    queueMicrotask(() => void this.drain());
    return record.promptId;
  }

  /** Stops a video of this user (waiting or running); null when it is unknown or someone else's. */
  stop(uid: string, promptId: string): VideoPoseStatus | null {
    const record = this.records.get(promptId);
    if (!record || record.uid !== uid) return null;
    if (isFinished(record)) return this.statusOf(record);
    const index = this.waiting.indexOf(record);
    if (index >= 0) {
      this.waiting.splice(index, 1);
      void fs.rm(record.job.folder, { recursive: true, force: true });
    }
    record.abort.abort();
    this.finish(record, 'stopped');
    return this.statusOf(record);
  }

  /** A video of this user, for GET; null when unknown, expired or someone else's. */
  status(uid: string, promptId: string): VideoPoseStatus | null {
    const record = this.records.get(promptId);
    return record && record.uid === uid ? this.statusOf(record) : null;
  }

  /** Registers an open socket of a user and sends it where each of their unfinished videos is. */
  connect(uid: string, listener: VideoListener): () => void {
    const set = this.listeners.get(uid) ?? new Set<VideoListener>();
    set.add(listener);
    this.listeners.set(uid, set);
    for (const record of this.records.values()) if (record.uid === uid && !isFinished(record)) listener(this.messageOf(record));
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(uid);
    };
  }

  /** Stops every video and takes no more. */
  close(): void {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const record of this.records.values()) if (!isFinished(record)) this.stop(record.uid, record.promptId);
  }

  private statusOf(r: VideoRecord): VideoPoseStatus {
    return { prompt_id: r.promptId, status: r.status, progress: r.progress, result: r.result, error: r.error };
  }

  private messageOf(r: VideoRecord): VideoPoseMessage {
    if (r.status === 'done' && r.result) return { type: 'video_pose.result', prompt_id: r.promptId, data: r.result };
    if (r.status === 'failed' && r.error) return { type: 'video_pose.error', prompt_id: r.promptId, data: r.error };
    if (r.status === 'stopped') return { type: 'video_pose.stopped', prompt_id: r.promptId, data: {} };
    return { type: 'video_pose.progress', prompt_id: r.promptId, data: r.progress };
  }

  private emit(record: VideoRecord): void {
    const message = this.messageOf(record);
    for (const listener of this.listeners.get(record.uid) ?? []) listener(message);
  }

  private finish(record: VideoRecord, status: 'done' | 'failed' | 'stopped'): void {
    if (isFinished(record)) return;
    record.status = status;
    record.finishedAt = Date.now();
    this.emit(record);
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.waiting.shift(); next && !this.closed; next = this.waiting.shift()) await this.runOne(next);
    } finally {
      this.running = false;
    }
  }

  private async runOne(record: VideoRecord): Promise<void> {
    record.status = 'running';
    const options = { ...record.job.options, inferenceMaxSide: this.config.inferenceMaxSide };
    try {
      const { result, frameMs } = await estimateVideo(this.estimator, record.job, options, this.config, record.abort.signal, (progress) => {
        if (isFinished(record)) return;
        record.progress = progress;
        this.emit(record);
      });
      if (record.abort.signal.aborted) return;
      record.result = result;
      this.log?.info({ promptId: record.promptId, frames: result.frames.length, people: result.frames[0]?.people.length, frameMs }, 'video estimate done');
      this.finish(record, 'done');
    } catch (error) {
      if (record.abort.signal.aborted) return;
      const failure = asEstimateFailure(error);
      if (failure.status >= 500) this.log?.error({ err: error, promptId: record.promptId }, 'video estimate failed');
      record.error = { code_n: codeForStatus(failure.status), description: failure.message };
      this.finish(record, 'failed');
    } finally {
      await fs.rm(record.job.folder, { recursive: true, force: true });
    }
  }

  /** Drops finished videos older than resultTtlMs (runs every minute). */
  sweep(now = Date.now()): void {
    for (const [id, record] of this.records) if (record.finishedAt !== null && now - record.finishedAt > this.config.resultTtlMs) this.records.delete(id);
  }
}
