import { API_PATHS } from '../../../src/api/contract';
import type { QueryPromptRequest, QueryPromptResponse, StopPromptResponse } from '../../../src/api/schemas';

/** POSTs a JSON body to our API as a user, and returns the answer's data (throws on a refusal). */
async function post<T>(baseURL: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(new URL(path, baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Queues a prompt through the API, as another tab or client of the user would. */
export const queuePrompt = (baseURL: string, token: string, request: QueryPromptRequest) =>
  post<QueryPromptResponse>(baseURL, token, API_PATHS.queryPrompt, request);

/** Stops a prompt through the API. */
export const stopPromptAsUser = (baseURL: string, token: string, promptId: string) =>
  post<StopPromptResponse>(baseURL, token, API_PATHS.stopPrompt, { prompt_id: promptId });
