/**
 * Request schemas and answer shapes of the pose library API (/v1/poses, /v1/shared), shared by
 * the browser and the server. zod only, like schemas.ts.
 */
import { z } from 'zod';
import type { OpenPoseJson, PoseDocument } from '../pose/index.js';
import { POSE_LIBRARY_LIMITS as L, SAVED_POSE_KINDS, type SavedPoseKind } from './contract.js';
import { poseSchema } from './schemas.js';

// The kinds live in the contract, which the browser reads without loading zod.
export { SAVED_POSE_KINDS, type SavedPoseKind } from './contract.js';

const name = z.string().trim().min(1).max(L.nameLength);
/** A tag: letters, digits, spaces, "-" or "_", stored lower-case. */
const tag = z
  .string()
  .trim()
  .min(1)
  .max(L.tagLength)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, 'must be letters, digits, spaces, "-" or "_"')
  .transform((t) => t.toLowerCase());
const tags = z
  .array(tag)
  .max(L.tagCount)
  .transform((list) => [...new Set(list)]);

/** Why a pose cannot be saved as this kind, or null when it can. */
export function kindProblem(kind: SavedPoseKind, doc: PoseDocument): string | null {
  const figures = doc.people.length + doc.animals.length;
  if (figures === 0) return 'has no people or animals';
  if (kind === 'scene') return null;
  if (doc.people.length !== 1 || doc.animals.length !== 0) return `a ${kind} pose holds exactly one person`;
  const [person] = doc.people;
  if (kind === 'hand' && !person.leftHand && !person.rightHand) return 'a hand pose needs a hand';
  if (kind === 'face' && !person.face) return 'a face pose needs a face';
  return null;
}

/** POST /v1/poses */
export const createPoseRequest = z.object({ name, tags: tags.default([]), kind: z.enum(SAVED_POSE_KINDS), pose: poseSchema }).superRefine((body, ctx) => {
  const problem = kindProblem(body.kind, body.pose);
  if (problem) ctx.addIssue({ code: 'custom', path: ['pose'], message: problem });
});
export type CreatePoseRequest = { name: string; tags?: string[]; kind: SavedPoseKind; pose: OpenPoseJson };

/** PATCH /v1/poses/:id: a new name, new tags, or both. */
export const updatePoseRequest = z
  .object({ name: name.optional(), tags: tags.optional() })
  .refine((body) => body.name !== undefined || body.tags !== undefined, { message: 'give a name, tags or both' });
export type UpdatePoseRequest = { name?: string; tags?: string[] };

/** GET /v1/poses: search words in names and tags, one exact tag, one kind, a page. */
export const listPosesQuery = z.object({
  q: z.string().trim().max(L.nameLength).optional(),
  tag: tag.optional(),
  kind: z.enum(SAVED_POSE_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(L.pageSize).default(24),
});
export type ListPosesQuery = z.input<typeof listPosesQuery>;

/** The :id of a saved pose. */
export const poseIdParams = z.object({ id: z.uuid() });
/** The :shareId of a share link. */
export const shareIdParams = z.object({ shareId: z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${L.shareIdLength}}$`), 'is not a share id') });

/** One saved pose in a list; the thumbnail URL is signed and expires. */
export interface SavedPose {
  id: string;
  name: string;
  tags: string[];
  kind: SavedPoseKind;
  thumbnail_url: string;
  /** The share id while a share link is live, else null. */
  share_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One saved pose with its people JSON (GET /v1/poses/:id, POST, PATCH). */
export interface SavedPoseWithPose extends SavedPose {
  pose: OpenPoseJson;
}

/** Answer of GET /v1/poses, newest first. */
export interface SavedPoseList {
  items: SavedPose[];
  total: number;
  page: number;
  page_size: number;
}

/** Answer of POST /v1/poses/:id/share. */
export interface PoseShare {
  share_id: string;
  /** The public page's path (SHARE_PAGE_PREFIX + id). */
  share_path: string;
}

/** Answer of GET /v1/shared/:shareId: what anyone with the link sees. */
export interface SharedPose {
  share_id: string;
  name: string;
  tags: string[];
  kind: SavedPoseKind;
  pose: OpenPoseJson;
  thumbnail_url: string;
}
