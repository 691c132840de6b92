/** Generation's HTTP calls (DESIGN.md section 3): queue a prompt, stop it, read the history. */
import type { ApiSuccess } from './contract';
import { API_PATHS } from './contract';
import { http } from './client';
import { explained } from './failures';
import type { HistoryQuery, HistoryResponse, QueryPromptRequest, QueryPromptResponse, StopPromptResponse } from './schemas';

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

/** Reads a page of the user's history, or one prompt of it. */
export async function fetchHistory(query: HistoryQuery, signal?: AbortSignal): Promise<HistoryResponse> {
  const res = await explained(http.get<ApiSuccess<HistoryResponse>>(API_PATHS.history, { data: query, signal }));
  return res.data.data;
}
