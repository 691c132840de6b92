import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES, type VideoPoseMessage, type VideoPoseStatus } from '../../src/api/contract.js';
import type { Database } from '../db/database.js';
import { ApiError, codeForStatus } from '../http/envelope.js';
import { asEstimateFailure } from '../estimator/estimateFailure.js';
import type { Estimator } from '../estimator/processEstimator.js';
import type { VideoPoseConfig } from './videoConfig.js';
import { estimateVideo, type VideoJob } from './estimateVideo.js';
import { RESTARTED, VideoPoseStore } from './videoPoseStore.js';

/** Sends a message to one open socket; false when it could not. */
export type VideoListener = (message: VideoPoseMessage) => boolean;

/** A video this instance holds the upload of: waiting its turn or running. */
interface LocalVideo {
  uid: string;
  status: VideoPoseStatus;
  job: VideoJob;
  abort: AbortController;
}

/** Finished videos kept per user (each result can be a megabyte): older ones go first. */
const KEPT_PER_USER = 3;
const SWEEP_EVERY_MS = 60_000;
const isFinished = (s: VideoPoseStatus) => s.status === 'done' || s.status === 'failed' || s.status === 'stopped';

/** The socket message that tells where a video is: progress, or its outcome. */
function messageOf(s: VideoPoseStatus): VideoPoseMessage {
  if (s.status === 'done' && s.result) return { type: 'video_pose.result', prompt_id: s.prompt_id, data: s.result };
  if (s.status === 'failed' && s.error) return { type: 'video_pose.error', prompt_id: s.prompt_id, data: s.error };
  if (s.status === 'stopped') return { type: 'video_pose.stopped', prompt_id: s.prompt_id, data: {} };
  return { type: 'video_pose.progress', prompt_id: s.prompt_id, data: s.progress };
}

/** What the service needs of the server: its settings, the lease of a running video, and the database every instance shares. */
export interface VideoPoseServiceOptions {
  config: VideoPoseConfig & { resultTtlMs: number; inferenceMaxSide: number; leaseMs: number };
  estimator: Estimator;
  database: () => Promise<Database>;
  log?: FastifyBaseLogger;
}

/**
 * Videos of every user turned into pose sequences. Each is a row of the database (VideoPoseStore),
 * so every instance answers GET and stop and tells the owner's /ws_estimator sockets; the instance
 * that took the upload runs it, one at a time (each frame takes its turn at the shared estimator),
 * one waiting or running per user across instances.
 */
export class VideoPoseService {
  private readonly local = new Map<string, LocalVideo>();
  private readonly waiting: LocalVideo[] = [];
  private readonly listeners = new Map<string, Set<VideoListener>>();
  private readonly sweeper: NodeJS.Timeout;
  private opened: Promise<VideoPoseStore> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private running = false;
  private closed = false;

  constructor(private readonly options: VideoPoseServiceOptions) {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS).unref();
  }

  /** The store, opened on first use, listening from then on for the other instances' changes. */
  private store(): Promise<VideoPoseStore> {
    this.opened ??= (async () => {
      const store = new VideoPoseStore(await this.options.database(), this.options.config.leaseMs, this.options.log);
      this.unlisten = await store.listen((uid, status) => this.heard(uid, status));
      return store;
    })();
    this.opened.catch(() => (this.opened = null));
    return this.opened;
  }

  /** Opens the store now, so this instance hears of the others' videos from its first socket on. */
  async open(): Promise<void> {
    await this.store();
  }

  /** Refuses a new video when the user already has one in progress (on any instance) or this queue is full (before the upload is read). */
  async checkRoom(uid: string): Promise<void> {
    if (this.closed) throw new ApiError(503, ERROR_CODES.unavailable, 'The server is shutting down');
    if ((await (await this.store()).unfinished(uid)).length > 0) {
      throw new ApiError(429, ERROR_CODES.tooManyRequests, 'You already have a video being turned into poses; wait for it or stop it');
    }
    if (this.waiting.length >= this.options.config.maxQueued) {
      throw new ApiError(503, ERROR_CODES.unavailable, 'The video estimator is busy; try again in a minute');
    }
  }

  /** Queues a checked video (its file in job.folder, deleted once done); answers its prompt_id. */
  async submit(uid: string, job: VideoJob): Promise<string> {
    await this.checkRoom(uid);
    const video: LocalVideo = {
      uid,
      status: { prompt_id: crypto.randomUUID(), status: 'queued', progress: { stage: 'queued', frame: 0, frames: job.frames }, result: null, error: null },
      job,
      abort: new AbortController(),
    };
    await (await this.store()).insert(uid, video.status, KEPT_PER_USER);
    this.local.set(video.status.prompt_id, video);
    this.waiting.push(video);
    this.deliver(uid, video.status);
    queueMicrotask(() => void this.drain());
    return video.status.prompt_id;
  }

  /** Stops a video of this user (waiting or running, on any instance); null when it is unknown or someone else's. */
  async stop(uid: string, promptId: string): Promise<VideoPoseStatus | null> {
    const status = await (await this.store()).stop(uid, promptId);
    if (status?.status === 'stopped') this.heard(uid, status);
    return status;
  }

  /** A video of this user, for GET; null when unknown, expired or someone else's. */
  async status(uid: string, promptId: string): Promise<VideoPoseStatus | null> {
    return (await this.store()).find(uid, promptId);
  }

  /** Registers an open socket of a user and sends it where each of their unfinished videos is. */
  connect(uid: string, listener: VideoListener): () => void {
    const set = this.listeners.get(uid) ?? new Set<VideoListener>();
    set.add(listener);
    this.listeners.set(uid, set);
    this.store()
      .then((store) => store.unfinished(uid))
      .then((videos) => {
        if (set.has(listener)) for (const status of videos) listener(messageOf(status));
      })
      .catch((error) => this.options.log?.warn({ err: error }, 'could not read the videos of a socket that opened'));
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(uid);
    };
  }

  /** Takes no more videos; those this instance holds fail as restarted (their uploads go with it). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    const held = [...this.local.values()];
    for (const video of held) video.abort.abort();
    this.waiting.length = 0;
    const store = await this.opened?.catch(() => null);
    if (store) {
      await Promise.all(held.map((video) => this.save({ ...video, status: { ...video.status, status: 'failed', error: RESTARTED } }).catch(() => false)));
      await store.flushed();
    }
    await Promise.all(held.map((video) => fs.rm(video.job.folder, { recursive: true, force: true })));
    await this.unlisten?.();
  }

  /** A change to one of this user's videos (from another instance, or a stop): to the sockets, and a local run stops once it is finished. */
  private heard(uid: string, status: VideoPoseStatus): void {
    const video = this.local.get(status.prompt_id);
    if (video && isFinished(status)) {
      video.status = status;
      this.drop(video);
    }
    this.deliver(uid, status);
  }

  /** Forgets a video this instance held: stops its run, removes it from the queue and its folder from the disk. */
  private drop(video: LocalVideo): void {
    video.abort.abort();
    this.local.delete(video.status.prompt_id);
    const index = this.waiting.indexOf(video);
    if (index >= 0) {
      this.waiting.splice(index, 1);
      void fs.rm(video.job.folder, { recursive: true, force: true });
    }
  }

  private deliver(uid: string, status: VideoPoseStatus): void {
    const message = messageOf(status);
    for (const listener of this.listeners.get(uid) ?? []) listener(message);
  }

  /** Writes a video's status as it is now (renewing its lease) and tells this instance's sockets; false (and the run stopped) when another instance finished it. */
  private async save(video: LocalVideo): Promise<boolean> {
    const status = video.status;
    const held = await (await this.store()).write(status);
    if (!held) {
      this.drop(video);
      return false;
    }
    this.deliver(video.uid, status);
    return true;
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

  private async runOne(video: LocalVideo): Promise<void> {
    const { config, estimator, log } = this.options;
    const update = (change: Partial<VideoPoseStatus>) => {
      video.status = { ...video.status, ...change };
      return this.save(video).catch((error) => {
        log?.warn({ err: error, promptId: video.status.prompt_id }, 'could not write where a video is');
        return true;
      });
    };
    // Decoding and a first frame (the models loading) can outlast the lease: it is renewed meanwhile.
    const renewal = setInterval(() => void update({}), Math.max(100, config.leaseMs / 3));
    try {
      if (!(await update({ status: 'running' }))) return;
      const options = { ...video.job.options, inferenceMaxSide: config.inferenceMaxSide };
      const { result, frameMs } = await estimateVideo(estimator, video.job, options, config, video.abort.signal, (progress) => void update({ progress }));
      if (video.abort.signal.aborted) return;
      log?.info({ promptId: video.status.prompt_id, frames: result.frames.length, people: result.frames[0]?.people.length, frameMs }, 'video estimate done');
      await update({ status: 'done', result });
    } catch (error) {
      if (video.abort.signal.aborted) return;
      const failure = asEstimateFailure(error);
      if (failure.status >= 500) log?.error({ err: error, promptId: video.status.prompt_id }, 'video estimate failed');
      await update({ status: 'failed', error: { code_n: codeForStatus(failure.status), description: failure.message } });
    } finally {
      clearInterval(renewal);
      this.local.delete(video.status.prompt_id);
      await fs.rm(video.job.folder, { recursive: true, force: true });
    }
  }

  /** Drops finished videos older than resultTtlMs (runs every minute). */
  async sweep(): Promise<void> {
    const store = await this.opened?.catch(() => null);
    await store?.sweep(this.options.config.resultTtlMs).catch((error) => this.options.log?.warn({ err: error }, 'could not sweep finished videos'));
  }
}
