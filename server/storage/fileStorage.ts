/** A signed, expiring URL. */
export interface SignedUrl {
  url: string;
  expiresAt: Date;
}

/**
 * Where images live. Local disk today; an S3 implementation (presigned URLs, DESIGN.md section 6)
 * only has to implement this interface.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes of a key, or null if nothing is stored there. */
  read(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** A URL that lets whoever holds it GET (download) or PUT (upload) this one key until it expires. */
  signedUrl(method: 'GET' | 'PUT', key: string, ttlSeconds: number): Promise<SignedUrl>;
  /** The key a URL of ours signs for the method, or null if it is not one, has expired or was tampered with. */
  keyFromSignedUrl(url: string, method: 'GET' | 'PUT'): string | null;
}
