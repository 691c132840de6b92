import type { SavedPose, SavedPoseWithPose, SharedPose } from '../../src/api/poseSchemas.js';
import { SHARE_PAGE_PREFIX } from '../../src/api/contract.js';
import type { FileStorage } from '../storage/fileStorage.js';
import type { PoseRow } from './poseStore.js';

/** A stored pose as the owner's API answers it, with a freshly signed thumbnail URL. */
export async function toSavedPose(row: PoseRow, storage: FileStorage, ttlSeconds: number): Promise<SavedPose> {
  return {
    id: row.id,
    name: row.name,
    tags: row.tags,
    kind: row.kind,
    thumbnail_url: (await storage.signedUrl(row.thumbnail_key, ttlSeconds)).url,
    share_id: row.share_id,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The same with its people JSON. */
export async function toSavedPoseWithPose(row: PoseRow, storage: FileStorage, ttlSeconds: number): Promise<SavedPoseWithPose> {
  return { ...(await toSavedPose(row, storage, ttlSeconds)), pose: row.pose! };
}

/** Path of a share link's thumbnail: stable while the link lives, so chat previews can fetch it. */
export const sharedThumbnailPath = (shareId: string) => `${SHARE_PAGE_PREFIX}${shareId}/thumbnail.png`;

/** What anyone holding the link sees: no owner, no dates. */
export function toSharedPose(row: PoseRow): SharedPose {
  return { share_id: row.share_id!, name: row.name, tags: row.tags, kind: row.kind, pose: row.pose!, thumbnail_url: sharedThumbnailPath(row.share_id!) };
}
