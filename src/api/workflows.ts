/** The workflow profiles the server offers (GET /v1/workflows). */
import type { ApiSuccess } from './contract';
import { API_PATHS } from './contract';
import { http } from './client';
import type { WorkflowsResponse } from './schemas';

/** Reads the server's workflow profiles (each available or not, and why), the default one and the sampling limits. */
export async function fetchWorkflows(signal?: AbortSignal): Promise<WorkflowsResponse> {
  return (await http.get<ApiSuccess<WorkflowsResponse>>(API_PATHS.workflows, { signal })).data.data;
}
