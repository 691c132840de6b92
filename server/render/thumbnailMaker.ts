import type { FastifyBaseLogger } from 'fastify';
import type { OpenPoseJson } from '../../src/pose/index.js';
import type { JobStore } from '../jobs/jobStore.js';
import type { FileStorage } from '../storage/fileStorage.js';
import { poseThumbnailKey } from '../storage/storageKeys.js';
import { ProcessRenderer } from './processRenderer.js';
import type { RenderTask } from './renderTypes.js';

/** Drawings waiting at most, in all; past it new ones are refused (a prompt's is skipped: the list then shows none). */
const MAX_WAITING = 200;

/** Drawings one user may have waiting to ask for a saved pose's: beyond, their saves are refused while other users' still queue. */
const MAX_WAITING_PER_USER = 20;

/** One drawing to make, and what to do with its outcome. */
interface Drawing {
  task: RenderTask;
  finish(outcome: { png: Buffer } | { error: unknown }): Promise<void>;
}

/**
 * Draws thumbnails off the API's event loop, in one render process: each new prompt's pose
 * thumbnail, after the prompt has been answered (stored as a file of the job: metered, deleted with
 * it, so history lists show its signed URL instead of carrying the pose), and saved poses'
 * thumbnails, awaited by their save. The queue is bounded, and taken round-robin across users, so
 * one user saving large poses as fast as allowed delays others by one drawing at most.
 */
export class ThumbnailMaker {
  /** Per user, their drawings in order; the map's order is the round-robin's. */
  private readonly waiting = new Map<string, Drawing[]>();
  private waitingCount = 0;
  private readonly renderer: ProcessRenderer;
  private readonly closing = new AbortController();
  private draining: Promise<void> | null = null;

  constructor(
    private readonly store: JobStore,
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
    timeoutMs: number,
  ) {
    this.renderer = new ProcessRenderer({ timeoutMs, log });
    this.renderer.warm();
  }

  /** Queues the thumbnail of a user's job just queued (skipped when the queue is full; a user's share is kept by the round-robin). */
  request(id: string, userId: string, pose: OpenPoseJson): void {
    this.enqueue(userId, MAX_WAITING, {
      task: { kind: 'thumbnail', pose },
      finish: async (outcome) => {
        if ('error' in outcome) {
          if (!this.closing.signal.aborted) this.log.warn({ err: outcome.error, job: id }, 'pose thumbnail failed');
          return;
        }
        const key = poseThumbnailKey(userId, id);
        await this.storage.put(key, outcome.png, 'image/png');
        // A prompt deleted while its thumbnail was drawn: the file would be nobody's, yet counted.
        if (!(await this.store.setThumbnail(id, key))) await this.storage.delete(key);
      },
    });
  }

  /**
   * Draws a task for a user, in turn with everyone else's; null at once when the queue, or the
   * user's share of it, is full. Rejects when the drawing fails or the server shuts down.
   */
  draw(userId: string, task: RenderTask): Promise<Buffer> | null {
    let settle: Drawing['finish'] = async () => {};
    const drawn = new Promise<Buffer>((resolve, reject) => {
      settle = async (outcome) => ('png' in outcome ? resolve(outcome.png) : reject(outcome.error));
    });
    return this.enqueue(userId, MAX_WAITING_PER_USER, { task, finish: (outcome) => settle(outcome) }) ? drawn : null;
  }

  /** Resolves once every drawing asked for so far is done (tests). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async close(): Promise<void> {
    this.closing.abort(new Error('closing'));
    const left = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.waitingCount = 0;
    await Promise.all(left.map((drawing) => drawing.finish({ error: new Error('The server is shutting down') }).catch(() => {})));
    await this.renderer.close();
    await this.draining?.catch(() => {});
  }

  /** Queues a drawing unless the queue is full, or the user already has perUser waiting. */
  private enqueue(userId: string, perUser: number, drawing: Drawing): boolean {
    const mine = this.waiting.get(userId) ?? [];
    if (this.closing.signal.aborted || this.waitingCount >= MAX_WAITING || mine.length >= perUser) return false;
    mine.push(drawing);
    this.waiting.set(userId, mine);
    this.waitingCount++;
    this.draining ??= this.drain().finally(() => (this.draining = null));
    return true;
  }

  /** The next drawing: the first user's first, that user then going to the back of the round. */
  private next(): Drawing | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return undefined;
    const [userId, mine] = first.value;
    const drawing = mine.shift();
    this.waiting.delete(userId);
    if (mine.length > 0) this.waiting.set(userId, mine);
    this.waitingCount--;
    return drawing;
  }

  private async drain(): Promise<void> {
    for (let drawing = this.next(); drawing; drawing = this.next()) {
      let outcome: { png: Buffer } | { error: unknown };
      try {
        outcome = { png: await this.renderer.render(drawing.task, this.closing.signal) };
      } catch (error) {
        outcome = { error };
      }
      await drawing.finish(outcome).catch((error: unknown) => this.log.warn({ err: error }, 'storing a thumbnail failed'));
    }
  }
}
