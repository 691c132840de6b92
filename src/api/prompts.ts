/** Generation's HTTP calls (docs/design.md section 1): queue a prompt, stop it, read the history. */
import type { ApiSuccess } from './contract';
import { API_PATHS, apiPath, STORAGE_KEYS } from './contract';
import { http } from './client';
import { explained } from './failures';
import type { DeletePromptResponse, HistoryQuery, HistoryResponse, QueryPromptRequest, QueryPromptResponse, StopPromptResponse } from './schemas';

/** Queues a prompt for generation. */
export async function queryPrompt(request: QueryPromptRequest, signal?: AbortSignal): Promise<QueryPromptResponse> {
  const res = await explained(http.post<ApiSuccess<QueryPromptResponse>>(API_PATHS.queryPrompt, request, { signal }));
  return res.data.data;
}

/** Stops a queued or running prompt. */
export async function stopPrompt(promptId: string, signal?: AbortSignal): Promise<StopPromptResponse> {
  const res = await explained(http.post<ApiSuccess<StopPromptResponse>>(API_PATHS.stopPrompt, { prompt_id: promptId }, { signal }));
  return res.data.data;
}

/** Deletes a finished prompt from the history with its images, freeing their storage; answers the bytes freed. */
export async function deleteHistoryItem(promptId: string, signal?: AbortSignal): Promise<DeletePromptResponse> {
  const res = await explained(http.delete<ApiSuccess<DeletePromptResponse>>(apiPath(API_PATHS.historyItem, { prompt_id: promptId }), { signal }));
  return res.data.data;
}

/** Answers kept with their ETag, by query, so an unchanged history comes back as a bodiless 304. */
const keptHistory = new Map<string, { etag: string; data: HistoryResponse }>();
/** Queries whose answer is kept: a page or two, and the prompt being followed. */
const KEPT_HISTORY_MAX = 8;

/** Reads a page of the user's history, or one prompt of it; asks with If-None-Match when an answer is kept. */
export async function fetchHistory(query: HistoryQuery, signal?: AbortSignal): Promise<HistoryResponse> {
  // The token is part of the key: another user never gets this one's kept answer.
  const key = `${localStorage.getItem(STORAGE_KEYS.accessToken) ?? ''}|${query.page ?? ''}|${query.page_size ?? ''}|${query.prompt_id ?? ''}`;
  const kept = keptHistory.get(key);
  const res = await explained(
    http.get<ApiSuccess<HistoryResponse>>(API_PATHS.history, {
      data: query,
      signal,
      headers: kept ? { 'If-None-Match': kept.etag } : {},
      validateStatus: (status) => (status >= 200 && status < 300) || (status === 304 && kept !== undefined),
    }),
  );
  if (res.status === 304 && kept) return kept.data;
  const etag = res.headers.etag as string | undefined;
  keptHistory.delete(key);
  if (etag) keptHistory.set(key, { etag, data: res.data.data });
  if (keptHistory.size > KEPT_HISTORY_MAX) keptHistory.delete(keptHistory.keys().next().value!);
  return res.data.data;
}
