import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES, USER_COST_MAX } from '../../src/api/contract.js';
import type { Database } from '../db/database.js';
import { openDatabase } from '../db/openDatabase.js';
import { createEngines, createShortLane } from '../engines/createEngines.js';
import { WorkflowCatalog } from '../engines/comfyui/profiles/workflowCatalog.js';
import type { Engine } from '../engines/engine.js';
import { ApiError } from '../http/envelope.js';
import { ProcessRenderer } from '../render/processRenderer.js';
import { ThumbnailMaker } from '../render/thumbnailMaker.js';
import { PromptChanges } from '../events/promptChanges.js';
import { LocalDiskStorage } from '../storage/localDiskStorage.js';
import { MeteredStorage } from '../storage/meteredStorage.js';
import { S3Storage } from '../storage/s3Storage.js';
import { StorageLedger } from '../storage/storageLedger.js';
import { StorageQuota } from '../storage/storageQuota.js';
import { loadStorageSecret } from '../storage/storageSecret.js';
import { StorageSweeper, type SweepResult } from '../storage/storageSweeper.js';
import { UrlSigner } from '../storage/urlSigner.js';
import type { GenerationConfig } from './generationConfig.js';
import { JobQueue } from './jobQueue.js';
import { JobStore } from './jobStore.js';
import { SubmissionGroups } from './submissionGroups.js';
import type { JobRow } from './jobTypes.js';
import { WorkerPool } from './workerPool.js';

interface Services {
  db: Database;
  store: JobStore;
  queue: JobQueue;
  /** The files each user holds, and their sizes. */
  ledger: StorageLedger;
  quota: StorageQuota;
  /** New prompts, stored in groups within each user's limits and quota. */
  submissions: SubmissionGroups;
}

/**
 * Image generation of one server: database, storage and workers, opened lazily so that an app
 * built only to serve pages (or in tests that never generate) touches no data folder.
 */
export class GenerationRuntime {
  private services: Promise<Services> | null = null;
  private storageInstance: MeteredStorage | null = null;
  private sweeper: StorageSweeper | null = null;
  private pool: WorkerPool | null = null;
  private thumbnailMaker: ThumbnailMaker | null = null;
  private closed = false;
  readonly instanceId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  /** Where every change of a prompt is announced (prompt events, history versions). */
  readonly changes: PromptChanges;
  /** The ComfyUI workflow profiles, checked against the servers (none offered with the mannequin engine). */
  readonly workflows: WorkflowCatalog;
  private readonly engines: readonly Engine[];
  /** The worker for short jobs; none when the engines are given (tests and benches count their workers). */
  private readonly shortLane: Engine | null;

  constructor(
    readonly config: GenerationConfig,
    private readonly log: FastifyBaseLogger,
    engines?: readonly Engine[],
  ) {
    this.changes = new PromptChanges(log);
    this.workflows = new WorkflowCatalog(config.comfyui, log);
    this.engines = engines ?? createEngines(config, this.workflows);
    this.shortLane = engines ? null : createShortLane(config);
  }

  /** The database and the job tables, opened (and migrated) on first use. */
  open(): Promise<Services> {
    if (this.closed) return Promise.reject(new ApiError(503, ERROR_CODES.unavailable, 'The server is shutting down'));
    this.services ??= openDatabase({ databaseUrl: this.config.databaseUrl, pgliteDir: path.join(this.config.dataDir, 'db') }).then(
      (db) => {
        const ledger = new StorageLedger(db);
        const queue = new JobQueue(db, this.changes, this.config.jobs.leaseMs, this.config.jobs.maxAttempts, this.config.jobs.engineWaitMs);
        const [store, quota] = [new JobStore(db, this.changes), new StorageQuota(this.config.quota, db, ledger)];
        const submissions = new SubmissionGroups(store, quota, { maxActive: this.config.jobs.maxActivePerUser, maxCost: USER_COST_MAX });
        return { db, store, queue, ledger, quota, submissions };
      },
      (error: Error) => {
        this.services = null; // let a later request try again
        this.log.error({ err: error }, 'cannot open the job database');
        throw new ApiError(503, ERROR_CODES.unavailable, 'The job database is unavailable right now; try again in a moment');
      },
    );
    return this.services;
  }

  /**
   * The file storage (local disk with signed URLs, or S3 with presigned URLs), created on first use;
   * every file written or deleted through it is counted in the storage ledger.
   */
  storage(): MeteredStorage {
    const { storage } = this.config;
    this.storageInstance ??= new MeteredStorage(
      storage.kind === 's3'
        ? new S3Storage(storage.s3)
        : new LocalDiskStorage(
            this.config.filesDir,
            new UrlSigner(loadStorageSecret(this.config.storageSecret, this.config.dataDir)),
            this.config.publicBaseUrl,
          ),
      async () => (await this.open()).ledger,
    );
    return this.storageInstance;
  }

  /** The local disk storage that /files/ serves; throws with STORAGE=s3 (no /files/ routes then). */
  localDisk(): LocalDiskStorage {
    const storage = this.storage().inner;
    if (!(storage instanceof LocalDiskStorage)) throw new Error('Files are in S3, not on local disk');
    return storage;
  }

  /** Opens everything and starts the workers (once). */
  async start(): Promise<WorkerPool> {
    const { queue } = await this.open();
    if (!this.pool) {
      const { leaseMs, pollMs } = this.config.jobs;
      const newRenderer = () => new ProcessRenderer({ timeoutMs: this.config.jobs.renderTimeoutMs, log: this.log });
      const deps = { queue, storage: this.storage(), log: this.log, leaseMs, pollMs, retryMs: this.config.comfyui.retryMs, newRenderer };
      const onPreview = (job: JobRow, jpeg: Buffer) => this.changes.preview(job.user_id, job.id, `data:image/jpeg;base64,${jpeg.toString('base64')}`);
      const controlProfile = (job: JobRow) => this.workflows.known().find((s) => s.profile.id === job.settings.workflow)?.profile.renderProfile;
      this.pool = new WorkerPool({ ...deps, onPreview, controlProfile, shortLane: this.shortLane }, this.engines, this.instanceId);
      this.pool.start();
      if (this.config.engine === 'comfyui') void this.workflows.refresh();
      await this.thumbnails();
      (await this.storageSweeper()).start();
      this.log.info(
        `generation: ${this.engines.length} worker(s)${this.shortLane ? ' and one for short jobs' : ''}, engine ${this.engines.map((e) => e.label).join(', ')}`,
      );
    }
    return this.pool;
  }

  /** Draws new prompts' pose thumbnails off the event loop (created on first use). */
  async thumbnails(): Promise<ThumbnailMaker> {
    const { store } = await this.open();
    this.thumbnailMaker ??= new ThumbnailMaker(store, this.storage(), this.log, this.config.jobs.renderTimeoutMs);
    return this.thumbnailMaker;
  }

  /** Deletes expired uploads and prompts past retention (started with the workers, every minute). */
  async storageSweeper(): Promise<StorageSweeper> {
    const { db, ledger } = await this.open();
    this.sweeper ??= new StorageSweeper({
      db,
      ledger,
      storage: this.storage(),
      settings: this.config.quota,
      log: this.log,
      changes: this.changes,
    });
    return this.sweeper;
  }

  /** One sweep now, as if the time were `now` (tests, instead of waiting). */
  async sweepStorage(now?: Date): Promise<SweepResult> {
    return (await this.storageSweeper()).sweep(now);
  }

  /** The running worker pool, or null before start(). */
  workers(): WorkerPool | null {
    return this.pool;
  }

  /** Stops the workers (their jobs go back to the queue) and closes the database. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.stop();
    await this.sweeper?.stop();
    await this.thumbnailMaker?.close();
    const services = await this.services?.catch(() => null);
    await services?.submissions.idle();
    await services?.db.close();
  }
}
