import crypto from 'node:crypto';

/** Signed URLs of one expiry window are identical, so browsers can cache images across history polls. */
const EXPIRY_GRANULARITY_S = 300;

/** The query parameters that authorize one method on one key until a time. */
export interface Signature {
  expires: number;
  sig: string;
}

/** Why a signed request was refused, or null when it is good. */
export type SignatureProblem = 'missing' | 'expired' | 'invalid' | null;

/** HMAC-SHA256 signatures over method, key and expiry (unix seconds). */
export class UrlSigner {
  /** Made once: a history page signs tens of URLs, and each string secret was imported again. */
  private readonly secret: crypto.KeyObject;

  constructor(secret: string) {
    this.secret = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  }

  private mac(method: string, key: string, expires: number): string {
    return crypto.createHmac('sha256', this.secret).update(`${method}\n${key}\n${expires}`).digest('base64url');
  }

  /** Signs a method on a key for at least ttlSeconds (rounded up to the expiry window). */
  sign(method: 'GET' | 'PUT', key: string, ttlSeconds: number, nowMs = Date.now()): Signature {
    const earliest = Math.floor(nowMs / 1000) + ttlSeconds;
    const expires = Math.ceil(earliest / EXPIRY_GRANULARITY_S) * EXPIRY_GRANULARITY_S;
    return { expires, sig: this.mac(method, key, expires) };
  }

  /** Checks a signature for a method and key; constant-time on the signature. */
  verify(method: string, key: string, expires: unknown, sig: unknown, nowMs = Date.now()): SignatureProblem {
    // Only the exact digits we signed: a leading zero names the same time but is not our URL.
    if (typeof expires !== 'string' || typeof sig !== 'string' || !/^[1-9]\d{0,11}$/.test(expires)) return 'missing';
    const expected = Buffer.from(this.mac(method, key, Number(expires)));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
    if (Number(expires) * 1000 < nowMs) return 'expired';
    return null;
  }
}
