/** The estimator's HTTP calls (../shared/DESIGN.md section 3): a signed upload slot, the upload, submitting and looking up an estimate. */
import { http } from './client';
import { API_PATHS, type ApiSuccess, type EstimateRequest, type EstimateStatus } from './contract';
import { ApiCallError, explained } from './failures';
import { UPLOAD_TYPES, type PresignResponse, type UploadContentType } from './schemas';

/** The photo types the server takes. */
export const PHOTO_TYPES = Object.keys(UPLOAD_TYPES) as readonly UploadContentType[];

/** Uploads a photo to a fresh signed slot in the user's folder; resolves to its signed image_url. */
export async function uploadPhoto(photo: Blob, fileName: string, signal?: AbortSignal): Promise<string> {
  const query = { filename: fileName, content_type: photo.type, purpose: 'estimation' };
  const slot = await explained(http.get<ApiSuccess<PresignResponse>>(API_PATHS.presignUrl, { data: query, signal }));
  await explained(http.put(slot.data.data.upload_url, photo, { headers: { 'Content-Type': photo.type }, signal }));
  return slot.data.data.image_url;
}

/** Where an estimate already submitted is; null when the server no longer has it. */
export async function lookUpEstimate(promptId: string, signal?: AbortSignal): Promise<EstimateStatus | null> {
  try {
    const res = await explained(http.get<ApiSuccess<EstimateStatus>>(API_PATHS.queryPromptEstimator, { data: { prompt_id: promptId }, signal }));
    return res.data.data;
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return null;
    throw error;
  }
}

/** Submits an uploaded photo for estimation; resolves to the estimate's prompt id (results come over the socket). */
export async function submitEstimate(request: EstimateRequest, signal?: AbortSignal): Promise<string> {
  const res = await explained(http.post<ApiSuccess<{ prompt_id: string }>>(API_PATHS.queryPromptEstimator, request, { signal }));
  return res.data.data.prompt_id;
}
