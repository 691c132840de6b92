import type { StorageQuota } from '../storage/storageQuota.js';
import type { EnqueueResult, JobStore, NewJob } from './jobStore.js';

/** Submissions in one group at most, so that one statement's parameters stay small. */
const GROUP_MAX = 100;

/** What a user may have unfinished: prompts queued or running, and their summed cost (figure-megapixels). */
export interface ActiveLimits {
  maxActive: number;
  maxCost: number;
}

interface Submission {
  job: NewJob;
  resolve(result: EnqueueResult): void;
  reject(error: unknown): void;
}

/**
 * Queues submitted prompts in groups: while one group is being stored, new submissions wait and go
 * into the next group together, with one storage quota read and one insert for all of them instead
 * of two statements each (a statement's fixed cost was most of a submission's, bench/README.md).
 * A group holds at most one submission per user, so each is checked against its user's limits as if
 * they came one at a time. A group whose insert fails is stored again one submission at a time: one
 * bad submission fails alone and loses no other.
 */
export class SubmissionGroups {
  private waiting: Submission[] = [];
  private storing: Promise<void> | null = null;

  constructor(
    private readonly store: JobStore,
    private readonly quota: StorageQuota,
    private readonly limits: ActiveLimits,
  ) {}

  /**
   * Queues a job within its user's limits and storage quota: queued, or refused with what the user
   * already has; rejects with the quota's 507 when its images would not fit.
   */
  submit(job: NewJob): Promise<EnqueueResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.storing ??= this.drain().finally(() => (this.storing = null));
    });
  }

  /** Resolves once every submission so far is stored or refused (shutdown). */
  async idle(): Promise<void> {
    while (this.storing) await this.storing;
  }

  private async drain(): Promise<void> {
    // Submissions read in the same turn of the event loop go in one group.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length) await this.storeGroup(this.nextGroup());
  }

  /** The oldest waiting submission of each user, up to GROUP_MAX; a user's later ones wait for a later group. */
  private nextGroup(): Submission[] {
    const group: Submission[] = [];
    const users = new Set<string>();
    const later: Submission[] = [];
    for (const submission of this.waiting) {
      if (group.length < GROUP_MAX && !users.has(submission.job.userId)) {
        users.add(submission.job.userId);
        group.push(submission);
      } else later.push(submission);
    }
    this.waiting = later;
    return group;
  }

  private async storeGroup(group: Submission[]): Promise<void> {
    let refusals: Awaited<ReturnType<StorageQuota['checkPrompts']>>;
    try {
      refusals = await this.quota.checkPrompts(group.map(({ job }) => ({ uid: job.userId, settings: job.settings })));
    } catch (error) {
      for (const submission of group) submission.reject(error);
      return;
    }
    const fitting = group.filter((submission, i) => {
      const refusal = refusals[i];
      if (refusal) submission.reject(refusal);
      return !refusal;
    });
    if (!fitting.length) return;
    const { maxActive, maxCost } = this.limits;
    try {
      const results = await this.store.enqueueMany(
        fitting.map(({ job }) => job),
        maxActive,
        maxCost,
      );
      fitting.forEach((submission, i) => submission.resolve(results[i]!));
    } catch (error) {
      if (fitting.length === 1) return fitting[0]!.reject(error);
      // Which one failed the statement is not known: each alone, so the others are stored.
      for (const submission of fitting) {
        await this.store.enqueue(submission.job, maxActive, maxCost).then(submission.resolve, submission.reject);
      }
    }
  }
}
