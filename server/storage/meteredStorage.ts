import type { FileStorage, SignedUrl, SignedUrlCheck, UploadSlot } from './fileStorage.js';
import type { StorageLedger } from './storageLedger.js';
import { describeKey } from './storageKeys.js';

/**
 * A file storage that records every file it writes or deletes in the storage ledger, so each user's
 * bytes are counted whoever writes them (workers, the pose library). Browser uploads are held by
 * the presign route and settled by the /files/ route, which use the ledger themselves.
 */
export class MeteredStorage implements FileStorage {
  constructor(
    /** The storage itself (local disk or S3). */
    readonly inner: FileStorage,
    private readonly ledger: () => Promise<StorageLedger>,
  ) {}

  /** Recorded first, so a file is never stored uncounted; forgotten again if the write fails. */
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = describeKey(key);
    const ledger = file ? await this.ledger() : null;
    if (file) await ledger!.record(key, file, bytes.length);
    try {
      await this.inner.put(key, bytes, contentType);
    } catch (error) {
      await ledger?.forget([key]).catch(() => undefined);
      throw error;
    }
  }

  read(key: string, maxBytes?: number): Promise<Buffer | null> {
    return this.inner.read(key, maxBytes);
  }

  async delete(key: string): Promise<void> {
    await this.deleteAll([key]);
  }

  /**
   * Deletes files, then forgets them: a failed delete keeps them counted (and a later one finds them
   * again). Idempotent, so two instances sweeping at once give each byte back once. Returns the bytes freed.
   */
  async deleteAll(keys: readonly string[]): Promise<number> {
    for (const key of keys) await this.inner.delete(key);
    return keys.some((key) => describeKey(key)) ? (await this.ledger()).forget(keys) : 0;
  }

  signedUrl(key: string, ttlSeconds: number): Promise<SignedUrl> {
    return this.inner.signedUrl(key, ttlSeconds);
  }

  uploadSlot(key: string, maxBytes: number, ttlSeconds: number): Promise<UploadSlot> {
    return this.inner.uploadSlot(key, maxBytes, ttlSeconds);
  }

  checkSignedUrl(url: string): Promise<SignedUrlCheck> {
    return this.inner.checkSignedUrl(url);
  }
}
