import { useEffect, useState } from 'react';
import type { QueryPromptRequest, SamplingControl, WorkflowProfileInfo, WorkflowsResponse } from '../../api/schemas';
import { fetchWorkflows } from '../../api/workflows';
import type { PromptDraft } from './promptDraft';

/** The server's workflow profiles while someone is signed in (read once per sign-in); null before. */
export function useWorkflows(signedIn: boolean): WorkflowsResponse | null {
  const [data, setData] = useState<WorkflowsResponse | null>(null);
  useEffect(() => {
    if (!signedIn) return setData(null);
    const abort = new AbortController();
    fetchWorkflows(abort.signal).then(setData, () => undefined);
    return () => abort.abort();
  }, [signedIn]);
  return data;
}

/** The profile the draft asks for, if the server offers it and can run it; else the server's default. */
export function chosenProfile(data: WorkflowsResponse | null, draft: PromptDraft): WorkflowProfileInfo | null {
  if (!data?.workflows.length) return null;
  // A video profile takes a timeline, never a single pose: it is never the image profile.
  const asked = data.workflows.find((w) => w.id === draft.workflow && w.available && !w.video);
  return asked ?? data.workflows.find((w) => w.id === data.default_workflow) ?? null;
}

type SamplingRequest = Pick<QueryPromptRequest, 'workflow' | SamplingControl | 'depth' | 'depth_strength'>;

/** The workflow and sampling part of a request: the chosen profile, each of its settings typed as a number, and depth on or off where it offers depth. */
export function samplingRequest(data: WorkflowsResponse | null, draft: PromptDraft): SamplingRequest {
  const profile = chosenProfile(data, draft);
  if (!profile?.available) return {};
  const request: SamplingRequest = { workflow: profile.id };
  const typed = (text: string) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined);
  for (const control of profile.controls) {
    const value = typed(draft[control]);
    if (value !== undefined) request[control] = value;
  }
  if (profile.depth.available) {
    request.depth = draft.depth !== 'off';
    const strength = typed(draft.depth_strength);
    if (request.depth && strength !== undefined) request.depth_strength = strength;
  }
  return request;
}

/** The profiles that make videos of a timeline and can run now (ComfyUI servers), in the server's order. */
export const videoProfiles = (data: WorkflowsResponse | null): WorkflowProfileInfo[] => data?.workflows.filter((w) => w.video && w.available) ?? [];

/** The video profile chosen (`chosen`, while it can run) or else the first that can run; null when there is none. */
export function videoProfile(data: WorkflowsResponse | null, chosen: string | null = null): WorkflowProfileInfo | null {
  const offered = videoProfiles(data);
  return offered.find((w) => w.id === chosen) ?? offered[0] ?? null;
}
