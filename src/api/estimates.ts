/** The estimator's HTTP calls (docs/design.md section 1): a signed upload slot, the upload, submitting and looking up an estimate. */
import { http } from './client';
import { API_PATHS, type ApiSuccess, type EstimateRequest, type EstimateStatus } from './contract';
import { ApiCallError, explained } from './failures';
import type { PresignResponse } from './schemas';

/**
 * Uploads a photo to a fresh signed slot in the user's folder, declaring its size (held against the
 * storage quota; the slot takes no more); resolves to its signed image_url. The slot says how: a PUT
 * of the bytes (local disk) or a POST form of its fields and then the file (S3's size-capped POST policy).
 */
export async function uploadPhoto(photo: Blob, fileName: string, signal?: AbortSignal): Promise<string> {
  const query = { filename: fileName, content_type: photo.type, purpose: 'estimation', size: photo.size };
  const slot = (await explained(http.get<ApiSuccess<PresignResponse>>(API_PATHS.presignUrl, { data: query, signal }))).data.data;
  if (slot.upload_method === 'POST') {
    const form = new FormData();
    for (const [name, value] of Object.entries(slot.upload_fields ?? {})) form.append(name, value);
    // S3 reads every field before the file, and ignores anything after it.
    form.append('file', photo, fileName);
    await explained(http.post(slot.upload_url, form, { signal }));
  } else {
    await explained(http.put(slot.upload_url, photo, { headers: { 'Content-Type': photo.type }, signal }));
  }
  return slot.image_url;
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
