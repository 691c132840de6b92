import crypto from 'node:crypto';
import { extensionOf } from './imageTypes.js';
import type { ImageType } from '../../src/pose/index.js';

// A segment starts with a letter or digit, so "." and ".." (and hidden files) can never be one.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/** Whether a storage key is well formed: relative, slash-separated safe segments, no "..". */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

/** The user's folder, named by a hash of the uid: file URLs never show a uid in clear. */
export function userPrefix(uid: string): string {
  return `users/${crypto.createHash('sha256').update(`posecraft-user:${uid}`).digest('hex').slice(0, 32)}`;
}

/** Whether a key lies in this user's folder. */
export function keyBelongsTo(key: string, uid: string): boolean {
  return key.startsWith(`${userPrefix(uid)}/`);
}

// Each run of a job writes under its own run id, so a worker that lost its lease and cleans up
// after itself can never delete the files of the worker that took the job over.

/** Key of generated image `index` of one run of a job. */
export function jobImageKey(uid: string, jobId: string, runId: string, index: number): string {
  return `${userPrefix(uid)}/jobs/${jobId}/${runId}/image-${index + 1}.png`;
}

/** Key of the video of one run of a video job (a pose sequence rendered), as mp4 or webm. */
export function jobVideoKey(uid: string, jobId: string, runId: string, extension: string): string {
  return `${userPrefix(uid)}/jobs/${jobId}/${runId}/video.${extension}`;
}

/** Key of the OpenPose control image of one run of a job. */
export function controlImageKey(uid: string, jobId: string, runId: string): string {
  return `${userPrefix(uid)}/jobs/${jobId}/${runId}/control.png`;
}

/** Key of a job's pose thumbnail (one per job, drawn once at submission; deleted with the job's other files). */
export function poseThumbnailKey(uid: string, jobId: string): string {
  return `${userPrefix(uid)}/jobs/${jobId}/thumbnail.png`;
}

/** A fresh key for a user's upload; the file name is kept, made safe, for people reading the folder. */
export function uploadKey(uid: string, purpose: string, filename: string, contentType: ImageType): string {
  const base = filename
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const name = `${crypto.randomUUID()}${base ? `-${base}` : ''}.${extensionOf(contentType)}`;
  return `${userPrefix(uid)}/uploads/${purpose}/${name}`;
}

/** What a stored file is, for the storage ledger: whose folder, and an upload, a job's file or a saved pose's. */
export interface KeyOwner {
  /** The user's folder (userPrefix): quotas are kept per folder. */
  owner: string;
  kind: 'upload' | 'job' | 'pose' | 'other';
  /** The job of a job's file (any of its runs), else null. */
  jobId: string | null;
}

const FOLDER_KINDS: Record<string, KeyOwner['kind']> = { uploads: 'upload', jobs: 'job', poses: 'pose' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose and what a key is, from the folder layout above; null for a key outside every user's folder. */
export function describeKey(key: string): KeyOwner | null {
  const [root, folder, area, id] = key.split('/');
  if (root !== 'users' || !folder || !area) return null;
  const kind = FOLDER_KINDS[area] ?? 'other';
  return { owner: `${root}/${folder}`, kind, jobId: kind === 'job' && id && UUID.test(id) ? id.toLowerCase() : null };
}
