/** A signed, expiring URL. */
export interface SignedUrl {
  url: string;
  expiresAt: Date;
}

/**
 * Where and how a browser sends one upload: PUT the bytes to url (local disk, which checks the
 * size itself), or POST a multipart form of fields then the file (S3: a POST policy, signed with
 * the key, the content type and the largest size, so the bucket itself refuses anything else).
 */
export interface UploadSlot {
  method: 'PUT' | 'POST';
  url: string;
  fields: Record<string, string> | null;
  expiresAt: Date;
}

/** What a URL is to a storage: one of its valid signed URLs (and for which key), or why it is refused. */
export type SignedUrlCheck = { key: string; problem: null } | { key: null; problem: 'foreign' | 'expired' | 'invalid' };

/** Where images live: local disk with HMAC-signed URLs, or an S3 bucket with presigned URLs. */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes of a key, or null if nothing is stored there; past maxBytes, StoredFileTooLarge before reading it all. */
  read(key: string, maxBytes?: number): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** A URL that lets whoever holds it download this one key until it expires (uploads go through uploadSlot). */
  signedUrl(key: string, ttlSeconds: number): Promise<SignedUrl>;
  /** Where a browser uploads this one key, of the content type the key takes and at most maxBytes, until ttlSeconds pass. */
  uploadSlot(key: string, maxBytes: number, ttlSeconds: number): Promise<UploadSlot>;
  /**
   * The key one of our download URLs signs; else 'foreign' (not a file URL of this storage),
   * 'expired', or 'invalid' (not signed by us as a download of that key, or altered).
   */
  checkSignedUrl(url: string): Promise<SignedUrlCheck>;
}

/** A stored file larger than the reader takes: refused from its size, without loading it. */
export class StoredFileTooLarge extends Error {
  constructor(readonly bytes: number) {
    super(`The stored file is ${bytes} bytes`);
  }
}
