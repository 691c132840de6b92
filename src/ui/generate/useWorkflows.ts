import { useEffect, useState } from 'react';
import type { SamplingControl, WorkflowProfileInfo, WorkflowsResponse } from '../../api/schemas';
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
  const asked = data.workflows.find((w) => w.id === draft.workflow && w.available);
  return asked ?? data.workflows.find((w) => w.id === data.default_workflow) ?? null;
}

/** The workflow and sampling part of a request: the chosen profile, and each of its settings typed as a number. */
export function samplingRequest(data: WorkflowsResponse | null, draft: PromptDraft): { workflow?: string } & Partial<Record<SamplingControl, number>> {
  const profile = chosenProfile(data, draft);
  if (!profile?.available) return {};
  const request: { workflow?: string } & Partial<Record<SamplingControl, number>> = { workflow: profile.id };
  for (const control of profile.controls) {
    const value = Number(draft[control]);
    if (draft[control].trim() !== '' && Number.isFinite(value)) request[control] = value;
  }
  return request;
}
