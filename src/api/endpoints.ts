import type { ApiSuccess } from './contract';
import { API_PATHS } from './contract';
import { http } from './client';
import type { HistoryResponse, QueryPromptRequest, QueryPromptResponse, StopPromptResponse } from './schemas';

export type { HistoryItem } from './schemas';

/** Queues a prompt for generation. */
export async function queryPrompt(request: QueryPromptRequest, signal?: AbortSignal) {
  const res = await http.post<ApiSuccess<QueryPromptResponse>>(API_PATHS.queryPrompt, request, { signal });
  return res.data.data;
}

/** Stops a queued or running prompt. */
export async function stopPrompt(promptId: string, signal?: AbortSignal) {
  const res = await http.post<ApiSuccess<StopPromptResponse>>(API_PATHS.stopPrompt, { prompt_id: promptId }, { signal });
  return res.data.data;
}

/** Reads a page of the user's history, or one prompt of it. */
export async function fetchHistory(query: { page?: number; page_size?: number; prompt_id?: string }, signal?: AbortSignal) {
  const res = await http.get<ApiSuccess<HistoryResponse>>(API_PATHS.history, { data: query, signal });
  return res.data.data;
}
