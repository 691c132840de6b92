import type { ApiErrorBody, ApiSuccess } from './contract';
import { API_PATHS, apiPath } from './contract';
import { http } from './client';
import type { CreatePoseRequest, ListPosesQuery, PoseShare, SavedPoseList, SavedPoseWithPose, SharedPose, UpdatePoseRequest } from './poseSchemas';

export type { SavedPose, SavedPoseKind, SavedPoseWithPose, SharedPose } from './poseSchemas';

/** Lists the caller's saved poses (search words, tag, kind, page). */
export async function listPoses(query: ListPosesQuery, signal?: AbortSignal) {
  return (await http.get<ApiSuccess<SavedPoseList>>(API_PATHS.poses, { data: query, signal })).data.data;
}

/** Saves a pose to the caller's library; the server draws its thumbnail. */
export async function savePose(request: CreatePoseRequest) {
  return (await http.post<ApiSuccess<SavedPoseWithPose>>(API_PATHS.poses, request)).data.data;
}

/** One saved pose with its people JSON. */
export async function getPose(id: string) {
  return (await http.get<ApiSuccess<SavedPoseWithPose>>(apiPath(API_PATHS.pose, { id }))).data.data;
}

/** Renames or re-tags a saved pose. */
export async function updatePose(id: string, change: UpdatePoseRequest) {
  return (await http.patch<ApiSuccess<SavedPoseWithPose>>(apiPath(API_PATHS.pose, { id }), change)).data.data;
}

/** Deletes a saved pose (and its share link). */
export async function deletePose(id: string) {
  await http.delete(apiPath(API_PATHS.pose, { id }));
}

/** Shares a saved pose: its live share link, made if it has none. */
export async function sharePose(id: string) {
  return (await http.post<ApiSuccess<PoseShare>>(apiPath(API_PATHS.poseShare, { id }))).data.data;
}

/** Revokes a saved pose's share link for good. */
export async function revokeShare(id: string) {
  await http.delete(apiPath(API_PATHS.poseShare, { id }));
}

/** What a share link shows, or null when it is unknown or revoked; public, so no token and no sign-in warning. */
export async function fetchSharedPose(shareId: string, signal?: AbortSignal): Promise<SharedPose | null> {
  const base = import.meta.env.VITE_API_BASE ?? '';
  const res = await fetch(`${base}${apiPath(API_PATHS.sharedPose, { shareId })}`, { signal });
  if (res.status === 404 || res.status === 400) return null;
  const body = (await res.json()) as ApiSuccess<SharedPose> | ApiErrorBody;
  if ('data' in body && res.ok) return body.data;
  throw new Error('response_metadata' in body ? body.response_metadata.error.description : res.statusText);
}
