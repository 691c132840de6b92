import crypto from 'node:crypto';
import type { PromptChange } from './promptChanges.js';

/**
 * How long a user's version is trusted without a change heard: bounds how stale a 304 can be when
 * a change was never announced (a LISTEN connection that dropped for a while). Far below the
 * signed URLs' lifetime, so a kept answer's image URLs still work.
 */
const TRUST_MS = 30_000;

/** Users whose version is kept; past this the oldest are forgotten (they start a new version). */
const MAX_USERS = 100_000;

interface Version {
  tag: string;
  since: number;
}

/**
 * A version per user, changed by every announced change of one of their prompts: the history's
 * ETag, known without asking the database. Tags are never reused (instance id + counter), so a
 * forgotten user's next version cannot match an old ETag.
 */
export class HistoryVersions {
  private readonly instance = crypto.randomBytes(4).toString('hex');
  private counter = 0;
  private readonly versions = new Map<string, Version>();

  /** Takes a change into account: the user's history is new; a preview frame is in no history. */
  apply(change: PromptChange): void {
    if (change.preview !== undefined) return;
    this.versions.delete(change.userId);
  }

  /** The ETag of a user's history for one query (page, size, prompt), as of now. */
  etag(userId: string, query: string): string {
    const hash = crypto.createHash('sha1').update(`${userId}\n${query}`).digest('base64url').slice(0, 12);
    return `"${this.current(userId)}-${hash}"`;
  }

  private current(userId: string): string {
    const now = Date.now();
    const known = this.versions.get(userId);
    if (known && now - known.since < TRUST_MS) return known.tag;
    if (!known && this.versions.size >= MAX_USERS) this.versions.delete(this.versions.keys().next().value!);
    const version = { tag: `${this.instance}.${(++this.counter).toString(36)}`, since: now };
    this.versions.set(userId, version);
    return version.tag;
  }
}

/** Whether an If-None-Match header names the ETag (a list, weak or strong, or *). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(',') : header).split(',').map((v) => v.trim().replace(/^W\//, ''));
  return values.includes(etag) || values.includes('*');
}
