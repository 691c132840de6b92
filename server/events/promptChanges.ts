import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PROMPT_EVENT_LIMITS } from '../../src/api/contract.js';
import type { Database } from '../db/database.js';

/** The NOTIFY channel on which instances announce a changed prompt. */
const CHANNEL = 'posecraft_prompts';

/**
 * A prompt changed: its status, queue position or images (read them again), or only its progress
 * or its latest preview frame (carried along, so nobody has to read it; previews are stored
 * nowhere). Small on purpose: NOTIFY payloads stop at 8000 bytes, so a preview is a JPEG of at most
 * PROMPT_EVENT_LIMITS.previewMaxBytes.
 */
export interface PromptChange {
  userId: string;
  promptId: string | null;
  progress?: number;
  /** A data URL of a small JPEG. */
  preview?: string;
}

/** Largest NOTIFY payload Postgres takes, in bytes. */
const NOTIFY_MAX_BYTES = 7999;

type Listener = (change: PromptChange) => void;

/**
 * Where a prompt's changes go out: listeners on this instance hear them at once, and with a shared
 * Postgres (DATABASE_URL) every other instance hears them through LISTEN/NOTIFY. The code that
 * writes a prompt's row calls it (jobStore.ts, jobQueue.ts, promptDeletion.ts), so no write is missed.
 */
export class PromptChanges {
  private readonly origin = crypto.randomUUID();
  private readonly listeners = new Set<Listener>();
  private readonly lastProgress = new Map<string, number>();
  private db: Database | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private notices: Promise<void> = Promise.resolve();
  /** Payloads waiting for the next announcement. */
  private unsent: string[] = [];

  constructor(private readonly log?: FastifyBaseLogger) {}

  /** Calls listener with every change, from here or another instance, until the returned function is called. */
  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Announces that a prompt's status, queue position or images changed. */
  changed(userId: string, promptId: string | null): void {
    if (promptId) this.lastProgress.delete(promptId);
    this.publish({ userId, promptId });
  }

  /** Announces a running prompt's progress, at most every PROMPT_EVENT_LIMITS.progressEveryMs per prompt. */
  progress(userId: string, promptId: string, fraction: number): void {
    const now = Date.now();
    if (now - (this.lastProgress.get(promptId) ?? 0) < PROMPT_EVENT_LIMITS.progressEveryMs) return;
    this.lastProgress.set(promptId, now);
    this.publish({ userId, promptId, progress: Math.round(fraction * 1000) / 1000 });
  }

  /** Announces a running prompt's latest preview frame (the engine bounds how often). */
  preview(userId: string, promptId: string, dataUrl: string): void {
    this.publish({ userId, promptId, preview: dataUrl });
  }

  /** Shares changes with the other instances on this Postgres server (LISTEN/NOTIFY). */
  async share(db: Database): Promise<void> {
    this.db = db;
    this.unlisten = await db.listen(CHANNEL, (payload) => {
      try {
        const { origin, ...change } = JSON.parse(payload) as PromptChange & { origin: string };
        if (origin !== this.origin && typeof change.userId === 'string') this.deliver(change);
      } catch {
        // not one of ours
      }
    });
  }

  /** Stops listening to the other instances. */
  async close(): Promise<void> {
    await this.notices;
    await this.unlisten?.();
    this.unlisten = null;
    this.db = null;
  }

  private publish(change: PromptChange): void {
    this.deliver(change);
    const db = this.db;
    if (!db) return;
    const payload = JSON.stringify({ ...change, origin: this.origin });
    // A frame too large for NOTIFY reaches this instance's connections only (frames are shrunk to fit, so this is rare).
    if (Buffer.byteLength(payload) > NOTIFY_MAX_BYTES) return;
    this.unsent.push(payload);
    if (this.unsent.length > 1) return; // the announcement already chained takes this one too
    // Chained, so the other instances hear the changes of a prompt in the order they happened.
    this.notices = this.notices
      .then(() => this.announce(db))
      .catch((error) => this.log?.warn({ err: error }, 'could not announce a prompt change to the other instances'));
  }

  /**
   * Announces every change made since the last announcement in one statement, in order: one
   * round trip and one commit for a burst (a NOTIFY each was most of a submission's Postgres work).
   */
  private async announce(db: Database): Promise<void> {
    const payloads = this.unsent;
    this.unsent = [];
    await db.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS unsent(payload)', [CHANNEL, payloads]);
  }

  private deliver(change: PromptChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.log?.warn({ err: error }, 'a prompt change listener failed');
      }
    }
  }
}
