import type { FastifyBaseLogger } from 'fastify';
import type { OpenPoseJson } from '../../src/pose/index.js';
import type { JobStore } from '../jobs/jobStore.js';
import type { FileStorage } from '../storage/fileStorage.js';
import { poseThumbnailKey } from '../storage/storageKeys.js';
import { ProcessRenderer } from './processRenderer.js';

/** Thumbnails waiting at most; past it new ones are skipped (the list then shows none for those prompts). */
const MAX_WAITING = 200;

/**
 * Draws each new prompt's pose thumbnail in its own render process, after the prompt has been
 * answered, and stores it as a file of the job (metered, deleted with it): history lists show its
 * signed URL instead of carrying the pose.
 */
export class ThumbnailMaker {
  private readonly waiting: Array<{ id: string; userId: string; pose: OpenPoseJson }> = [];
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

  /** Queues the thumbnail of a user's job just queued. */
  request(id: string, userId: string, pose: OpenPoseJson): void {
    if (this.closing.signal.aborted || this.waiting.length >= MAX_WAITING) return;
    this.waiting.push({ id, userId, pose });
    this.draining ??= this.drain().finally(() => (this.draining = null));
  }

  /** Resolves once every thumbnail asked for so far is stored (tests). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async close(): Promise<void> {
    this.closing.abort(new Error('closing'));
    this.waiting.length = 0;
    await this.renderer.close();
    await this.draining?.catch(() => {});
  }

  private async drain(): Promise<void> {
    for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
      try {
        const png = await this.renderer.render({ kind: 'thumbnail', pose: next.pose }, this.closing.signal);
        const key = poseThumbnailKey(next.userId, next.id);
        await this.storage.put(key, png, 'image/png');
        // A prompt deleted while its thumbnail was drawn: the file would be nobody's, yet counted.
        if (!(await this.store.setThumbnail(next.id, key))) await this.storage.delete(key);
      } catch (error) {
        if (!this.closing.signal.aborted) this.log.warn({ err: error, job: next.id }, 'pose thumbnail failed');
      }
    }
  }
}
