import type { AxiosError } from 'axios';
import { fromPromise } from 'xstate';
import { http } from '../../api/client';
import { API_PATHS, type ApiSuccess } from '../../api/contract';
import type { EstimateRequest, EstimateStatus } from '../../api/estimatorSocket';
import { failureMessage } from '../../api/failures';
import type { PresignResponse, UploadContentType } from '../../api/schemas';
import type { SubmitInput, SubmitOutput } from '../../machines/estimation.machine';

/** The photo types the server takes. */
export const PHOTO_TYPES: readonly UploadContentType[] = ['image/jpeg', 'image/png', 'image/webp'];
/** The servers' default size limits for an upload and an estimate (UPLOAD_MAX_MB, ESTIMATOR_MAX_MB). */
export const PHOTO_MAX_MB = 10;

/** An API failure as "{code}: {description}", the way the notifications show it. */
const described = (error: unknown) => new Error(failureMessage(error as AxiosError<never>));

/** Uploads a photo to a fresh signed slot in the user's folder; its signed image_url. */
async function uploadPhoto(photo: Blob, fileName: string, signal: AbortSignal): Promise<string> {
  const query = { filename: fileName, content_type: photo.type, purpose: 'estimation' };
  const slot = await http.get<ApiSuccess<PresignResponse>>(API_PATHS.presignUrl, { data: query, signal });
  await http.put(slot.data.data.upload_url, photo, { headers: { 'Content-Type': photo.type }, signal });
  return slot.data.data.image_url;
}

/** Where an estimate already submitted is; null when the server no longer has it. */
async function lookUp(promptId: string, signal: AbortSignal): Promise<EstimateStatus | null> {
  try {
    const res = await http.get<ApiSuccess<EstimateStatus>>(API_PATHS.queryPromptEstimator, { data: { prompt_id: promptId }, signal });
    return res.data.data;
  } catch (error) {
    if ((error as AxiosError).response?.status === 404) return null;
    throw error;
  }
}

/** Uploads (unless already uploaded) and submits the photo, or looks up the estimate a retry resumes. */
export async function submitEstimate({ request, imageUrl, promptId }: SubmitInput, signal: AbortSignal): Promise<SubmitOutput> {
  try {
    const uploaded = imageUrl ?? (await uploadPhoto(request.photo, request.fileName, signal));
    const known = promptId ? await lookUp(promptId, signal) : null;
    if (known) return { prompt_id: known.prompt_id, image_url: uploaded, status: known };
    const body: EstimateRequest = { image_url: uploaded, hands: request.hands, face: request.face };
    const res = await http.post<ApiSuccess<{ prompt_id: string }>>(API_PATHS.queryPromptEstimator, body, { signal });
    return { prompt_id: res.data.data.prompt_id, image_url: uploaded };
  } catch (error) {
    throw described(error);
  }
}

/** The estimation machine's submit actor, talking to the real API. */
export const estimationActors = {
  submitEstimate: fromPromise(({ input, signal }: { input: SubmitInput; signal: AbortSignal }) => submitEstimate(input, signal)),
};
