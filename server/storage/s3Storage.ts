import crypto from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { StoredFileTooLarge, type FileStorage, type SignedUrl, type SignedUrlCheck, type UploadSlot } from './fileStorage.js';
import { contentTypeOfKey } from './imageTypes.js';
import type { S3Settings } from './storageConfig.js';
import { isValidKey } from './storageKeys.js';

/** Presigned URLs of one window are identical, so browsers can cache images across history polls. */
const SIGNING_WINDOW_S = 300;
/** SigV4 presigned URLs live at most 7 days. */
const MAX_EXPIRY_S = 7 * 86_400;

/** "20261123T003000Z" → Date. */
function parseAmzDate(value: string | null): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null;
}

/**
 * Images in an S3 bucket (AWS or S3-compatible), reached by the browser through presigned URLs.
 * The client computes checksums only when an operation requires them: with the SDK's default,
 * presigned requests carry checksum parameters that browsers cannot match (docs/design.md section 5).
 */
export class S3Storage implements FileStorage {
  readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials ?? undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private check(key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.check(key), Body: bytes, ContentType: contentType }));
  }

  async read(key: string, maxBytes = Infinity): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.check(key) }));
      // Uploads are capped by their POST policy; still, refuse anything larger from its length, unread.
      if ((res.ContentLength ?? 0) > maxBytes) {
        (res.Body as { destroy?: () => void } | undefined)?.destroy?.();
        throw new StoredFileTooLarge(res.ContentLength!);
      }
      return Buffer.from(await res.Body!.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.check(key) }));
  }

  /** A presigned GET of one key, signed at signingDate for expiresIn seconds. */
  private presign(key: string, signingDate: Date, expiresIn: number): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.check(key) }), { signingDate, expiresIn });
  }

  async signedUrl(key: string, ttlSeconds: number, nowMs = Date.now()): Promise<SignedUrl> {
    const windowStart = Math.floor(nowMs / 1000 / SIGNING_WINDOW_S) * SIGNING_WINDOW_S;
    const expiresIn = Math.min(MAX_EXPIRY_S, Math.ceil(nowMs / 1000) - windowStart + ttlSeconds);
    const url = await this.presign(key, new Date(windowStart * 1000), expiresIn);
    return { url, expiresAt: new Date((windowStart + expiresIn) * 1000) };
  }

  /**
   * A presigned POST (the SDK's policy signer): the bucket itself holds the upload to this key, its
   * content type and 1..maxBytes bytes, until ttlSeconds after nowMs.
   */
  async uploadSlot(key: string, maxBytes: number, ttlSeconds: number, nowMs = Date.now()): Promise<UploadSlot> {
    const contentType = contentTypeOfKey(this.check(key));
    if (!contentType) throw new Error(`No upload type for key ${key}`);
    const expiresAt = new Date(nowMs + ttlSeconds * 1000);
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.settings.bucket,
      Key: key,
      Fields: { 'Content-Type': contentType },
      Conditions: [['content-length-range', 1, maxBytes]],
      // The signer counts from its own clock.
      Expires: Math.round((expiresAt.getTime() - Date.now()) / 1000),
    });
    return { method: 'POST', url, fields, expiresAt };
  }

  /**
   * Recomputes the signature with our credentials for the URL's own date and lifetime. With
   * credentials that rotate (an instance role), a URL signed before a rotation no longer checks.
   */
  async checkSignedUrl(url: string): Promise<SignedUrlCheck> {
    const foreign = { key: null, problem: 'foreign' } as const;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return foreign;
    }
    const key = await this.keyOf(parsed);
    if (!key) return foreign;
    const signingDate = parseAmzDate(parsed.searchParams.get('X-Amz-Date'));
    const expiresIn = Number(parsed.searchParams.get('X-Amz-Expires'));
    const signature = parsed.searchParams.get('X-Amz-Signature') ?? '';
    if (!signingDate || !Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_EXPIRY_S) return { key: null, problem: 'invalid' };
    const expected = new URL(await this.presign(key, signingDate, expiresIn)).searchParams.get('X-Amz-Signature') ?? '';
    const same = signature.length === expected.length && crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
    if (!same) return { key: null, problem: 'invalid' };
    if (signingDate.getTime() + expiresIn * 1000 < Date.now()) return { key: null, problem: 'expired' };
    return { key, problem: null };
  }

  /** The key a URL names if it points into our bucket (at the origin and path our presigned URLs use). */
  private async keyOf(url: URL): Promise<string | null> {
    const { origin, prefix } = await this.bucketBase();
    if (url.origin !== origin || !url.pathname.startsWith(prefix)) return null;
    let key: string;
    try {
      key = url.pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
    } catch {
      return null;
    }
    return isValidKey(key) ? key : null;
  }

  /** The origin and path prefix of the bucket's object URLs, as the SDK builds them (path style or virtual-hosted). */
  private async bucketBase(): Promise<{ origin: string; prefix: string }> {
    const probe = new URL(await this.presign('probe', new Date(), 60));
    return { origin: probe.origin, prefix: probe.pathname.slice(0, -'probe'.length) };
  }
}
