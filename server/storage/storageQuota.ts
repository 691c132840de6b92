import { formatBytes } from '../../src/api/byteSize.js';
import { ERROR_CODES } from '../../src/api/contract.js';
import type { StorageUsage } from '../../src/api/schemas.js';
import type { Queryable } from '../db/database.js';
import { envNumber } from '../envNumber.js';
import { ApiError } from '../http/envelope.js';
import type { StorageLedger } from './storageLedger.js';
import { describeKey, userPrefix, type KeyOwner } from './storageKeys.js';

/** How much a user may keep, and for how long (USER_STORAGE_QUOTA_MB, UPLOAD_TTL_MIN, HISTORY_RETENTION_DAYS). */
export interface StorageQuotaSettings {
  /** Bytes one user's files may take; null: no quota. */
  userBytes: number | null;
  /** An upload is deleted this long after its URL was handed out. */
  uploadTtlMs: number;
  /** Finished prompts older than this are deleted with their images; null keeps them for ever. */
  historyRetentionMs: number | null;
}

const MB = 1024 * 1024;
const DAY_MS = 86_400_000;

/** Reads the quota and lifetimes; 0 turns the quota or the retention off. */
export function loadStorageQuota(env: NodeJS.ProcessEnv): StorageQuotaSettings {
  const quotaMb = envNumber(env, 'USER_STORAGE_QUOTA_MB', 500, 0, 1e9);
  const retentionDays = envNumber(env, 'HISTORY_RETENTION_DAYS', 0, 0, 100_000);
  return {
    userBytes: quotaMb > 0 ? Math.round(quotaMb * MB) : null,
    uploadTtlMs: envNumber(env, 'UPLOAD_TTL_MIN', 60, 1, 7 * 24 * 60) * 60_000,
    historyRetentionMs: retentionDays > 0 ? retentionDays * DAY_MS : null,
  };
}

/** The settings that decide how large a prompt's images are. */
type PromptSize = { width: number; height: number; gNumber: number };

/**
 * What a prompt's images are expected to take: PNGs of photographic images run at 1-2 bytes a
 * pixel (the mannequin's at ~0.4, the control image at ~0.02), so 2 bytes a pixel is a bound in practice.
 */
export function expectedPromptBytes(settings: PromptSize): number {
  return settings.gNumber * settings.width * settings.height * 2;
}

/** What each kind of file is called in a 507, in the order they are listed. */
const KIND_NAMES: Array<[KeyOwner['kind'], string]> = [
  ['job', 'prompts'],
  ['pose', 'saved poses'],
  ['upload', 'uploaded photos'],
  ['other', 'other files'],
];

/** How to free space, by what takes it: prompts (and when none takes any), saved poses (or a pose is being saved), or both. */
function freeSpace(byKind: Partial<Record<KeyOwner['kind'], number>>, savingPose: boolean): string {
  const prompts = 'prompts you no longer need from your history';
  if (!byKind.pose && !savingPose) return `Delete ${prompts} to free space`;
  if (!byKind.job) return 'Delete saved poses you no longer need from your library to free space';
  return `Delete ${prompts}, or saved poses from your library, to free space`;
}

/** The 507 of a user whose files would pass their quota: how much is used, by what, what was asked, and how to free some. */
async function storageFull(ledger: StorageLedger, owner: string, usedBytes: number, quotaBytes: number, need: string, savingPose = false): Promise<ApiError> {
  const byKind = await ledger.bytesByKind(owner);
  const parts = KIND_NAMES.flatMap(([kind, name]) => (byKind[kind] ? [`${name} ${formatBytes(byKind[kind])}`] : []));
  const uses = parts.length ? ` (${parts.join(', ')})` : '';
  return new ApiError(
    507,
    ERROR_CODES.storageFull,
    `Your storage is full: you use ${formatBytes(usedBytes)} of your ${formatBytes(quotaBytes)}${uses}, and ${need}. ${freeSpace(byKind, savingPose)}.`,
  );
}

/** The storage quota's checks: an upload's bytes are held when its URL is given; a prompt's are checked when it is submitted. */
export class StorageQuota {
  constructor(
    readonly settings: StorageQuotaSettings,
    private readonly db: Queryable,
    private readonly ledger: StorageLedger,
  ) {}

  /** What a user holds, and their quota. */
  async usage(uid: string): Promise<StorageUsage> {
    return { used_bytes: await this.ledger.usedBytes(userPrefix(uid)), quota_bytes: this.settings.userBytes };
  }

  /** Holds an upload's bytes for the key (in the user's folder), or refuses with a 507 when they would pass the quota. */
  async holdUpload(key: string, bytes: number): Promise<void> {
    const file = describeKey(key);
    if (!file) throw new Error(`Not a key in a user's folder: ${key}`);
    const quota = this.settings.userBytes;
    const result = await this.ledger.holdUpload(key, file, bytes, quota);
    if (result.held || quota === null) return;
    const minutes = Math.round(this.settings.uploadTtlMs / 60_000);
    throw await storageFull(
      this.ledger,
      file.owner,
      result.usedBytes,
      quota,
      `this upload needs ${formatBytes(bytes)} (uploaded photos are deleted by themselves ${minutes} minutes after upload)`,
    );
  }

  /**
   * Holds a saved pose's bytes (its row and thumbnail) under its thumbnail's key, or refuses with a
   * 507 when they would pass the quota; deleting the thumbnail gives them all back.
   */
  async holdPose(thumbnailKey: string, bytes: number): Promise<void> {
    const file = describeKey(thumbnailKey);
    if (file?.kind !== 'pose') throw new Error(`Not a saved pose's key: ${thumbnailKey}`);
    const quota = this.settings.userBytes;
    const result = await this.ledger.holdUpload(thumbnailKey, file, bytes, quota);
    if (result.held || quota === null) return;
    throw await storageFull(this.ledger, file.owner, result.usedBytes, quota, `this pose needs ${formatBytes(bytes)}`, true);
  }

  /**
   * For each prompt (at most one per user), the 507 that refuses it when its images, with those of the
   * user's prompts still queued or running, are expected to pass the quota; null when it fits. A prompt
   * already running always finishes and keeps its images, so usage can pass the quota by what was
   * queued when it was checked; new uploads and prompts are then refused.
   */
  async checkPrompts(prompts: ReadonlyArray<{ uid: string; settings: PromptSize }>): Promise<Array<ApiError | null>> {
    const quota = this.settings.userBytes;
    if (quota === null) return prompts.map(() => null);
    // One round trip for them all: what each user holds, and the settings of their prompts still to draw.
    const { rows } = await this.db.query<{ used: number; active: PromptSize[] | null }>(
      `SELECT COALESCE((SELECT bytes FROM storage_usage WHERE owner = u.owner), 0) AS used,
         (SELECT json_agg(settings) FROM jobs WHERE user_id = u.uid AND status IN ('queued', 'running')) AS active
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(owner, uid, ord) ORDER BY u.ord`,
      [prompts.map((prompt) => userPrefix(prompt.uid)), prompts.map((prompt) => prompt.uid)],
    );
    return Promise.all(
      prompts.map(async ({ uid, settings }, i) => {
        const used = rows[i]?.used ?? 0;
        const pending = (rows[i]?.active ?? []).reduce((sum, active) => sum + expectedPromptBytes(active), 0);
        const need = expectedPromptBytes(settings);
        if (used + pending + need <= quota) return null;
        const others = pending > 0 ? ` (with ${formatBytes(pending)} more for your prompts still queued or running)` : '';
        return storageFull(this.ledger, userPrefix(uid), used, quota, `this prompt's images need up to ${formatBytes(need)}${others}`);
      }),
    );
  }
}
