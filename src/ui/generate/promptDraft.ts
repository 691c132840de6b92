import { createStore, localItem } from '../store';

/** The prompt being written on the Generate page. */
export interface PromptDraft {
  prompt: string;
  negative_prompt: string;
}

function revive(raw: unknown): PromptDraft | null {
  const r = raw as Partial<PromptDraft> | null;
  return typeof r?.prompt === 'string' && typeof r.negative_prompt === 'string' ? { prompt: r.prompt, negative_prompt: r.negative_prompt } : null;
}

/** The draft, kept so a reload or a trip to the editor does not lose it. */
export const promptDraftStore = createStore<PromptDraft>({ prompt: '', negative_prompt: '' }, localItem('posecraft.prompt', revive));
