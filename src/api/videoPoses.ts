/** The calls of a video turned into poses: submit the file, follow its progress, stop it. */
import { http } from './client';
import { API_PATHS, VIDEO_POSE_LIMITS, type ApiSuccess, type VideoPoseProgress, type VideoPoseResult, type VideoPoseStatus } from './contract';
import { explained } from './failures';

/** How often a video in progress is asked about, in ms. */
const POLL_MS = 500;

/** Why a file cannot be sent as a video, before sending it; null when it can. */
export function videoFileProblem(file: Blob): { code: 'notVideo' } | { code: 'tooLarge'; maxBytes: number } | null {
  if (!(VIDEO_POSE_LIMITS.types as readonly string[]).includes(file.type)) return { code: 'notVideo' };
  if (file.size > VIDEO_POSE_LIMITS.maxBytes) return { code: 'tooLarge', maxBytes: VIDEO_POSE_LIMITS.maxBytes };
  return null;
}

/** Sends a video (the body is the file) to be turned into poses; resolves to its prompt id. */
export async function submitVideo(file: Blob, fps: number = VIDEO_POSE_LIMITS.defaultFps, signal?: AbortSignal): Promise<string> {
  const url = `${API_PATHS.videoPose}?fps=${fps}`;
  const res = await explained(http.post<ApiSuccess<{ prompt_id: string }>>(url, file, { headers: { 'Content-Type': file.type }, signal }));
  return res.data.data.prompt_id;
}

/** Stops a video in progress (the server stops between two frames). */
export async function stopVideo(promptId: string): Promise<void> {
  await explained(http.post(API_PATHS.videoPoseStop, { prompt_id: promptId }));
}

/**
 * Follows a submitted video until it ends: reports its progress, resolves to the sequence, or null
 * when it was stopped; rejects with the server's reason when it failed.
 */
export async function followVideo(promptId: string, onProgress: (progress: VideoPoseProgress) => void, signal?: AbortSignal): Promise<VideoPoseResult | null> {
  for (;;) {
    const res = await explained(http.get<ApiSuccess<VideoPoseStatus>>(API_PATHS.videoPose, { data: { prompt_id: promptId }, signal }));
    const status = res.data.data;
    if (status.status === 'done' && status.result) return status.result;
    if (status.status === 'stopped') return null;
    if (status.status === 'failed') throw new Error(status.error?.description ?? 'The video could not be turned into poses');
    onProgress(status.progress);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
