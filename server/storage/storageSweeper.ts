import type { FastifyBaseLogger } from 'fastify';
import { deleteFinishedPrompt, finishedPromptsBefore, type PromptDeletionDeps } from '../jobs/promptDeletion.js';
import type { StorageQuotaSettings } from './storageQuota.js';

/** How often each instance sweeps. */
const SWEEP_EVERY_MS = 60_000;
/** Files or prompts one pass deletes at most; the next pass takes the rest. */
const BATCH = 200;

/** What one sweep deleted. */
export interface SweepResult {
  uploads: number;
  prompts: number;
  freedBytes: number;
}

/** What the sweeper needs: deletion's parts (which announce each prompt deleted), the lifetimes and a log. */
export interface SweeperDeps extends PromptDeletionDeps {
  settings: StorageQuotaSettings;
  log: FastifyBaseLogger;
}

/**
 * Deletes uploads older than UPLOAD_TTL_MIN and finished prompts older than HISTORY_RETENTION_DAYS,
 * with their files, giving their bytes back. Every instance sweeps: every step is idempotent (files
 * first, then their rows), so two sweeping at once only repeat a delete, and an instance stopped half way
 * leaves work the next pass finds. Works the same on local disk and S3 (no bucket listing, no lifecycle rule).
 */
export class StorageSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly deps: SweeperDeps) {}

  /** One pass, as if the time were now (tests pass a later time instead of waiting). */
  async sweep(now = new Date()): Promise<SweepResult> {
    const { ledger, storage, settings } = this.deps;
    const expired = await ledger.uploadsBefore(new Date(now.getTime() - settings.uploadTtlMs), BATCH);
    let freedBytes = await storage.deleteAll(expired);
    let prompts = 0;
    if (settings.historyRetentionMs !== null) {
      for (const job of await finishedPromptsBefore(this.deps.db, new Date(now.getTime() - settings.historyRetentionMs), BATCH)) {
        freedBytes += await deleteFinishedPrompt(this.deps, job.id);
        prompts += 1;
      }
    }
    if (expired.length || prompts)
      this.deps.log.info(`storage sweep: ${expired.length} expired upload(s), ${prompts} prompt(s) past retention, ${freedBytes} bytes freed`);
    return { uploads: expired.length, prompts, freedBytes };
  }

  /** Sweeps every everyMs from now on (not keeping the process alive); a pass that fails is logged and tried again next time. */
  start(everyMs = SWEEP_EVERY_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running ??= this.sweep()
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'storage sweep failed; trying again at the next'))
        .finally(() => (this.running = null));
    }, everyMs);
    this.timer.unref();
  }

  /** Stops sweeping, after the pass under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
