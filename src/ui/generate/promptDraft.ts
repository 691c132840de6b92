import { createStore, localItem } from '../store';

/** The prompt being written on the Generate page. */
export interface PromptDraft {
  prompt: string;
  negative_prompt: string;
  /** The seed as typed: '' for a random one, chosen by the server. */
  seed: string;
}

function revive(raw: unknown): PromptDraft | null {
  const r = raw as Partial<PromptDraft> | null;
  if (typeof r?.prompt !== 'string' || typeof r.negative_prompt !== 'string') return null;
  return { prompt: r.prompt, negative_prompt: r.negative_prompt, seed: typeof r.seed === 'string' ? r.seed : '' };
}

/** The draft, kept so a reload or a trip to the editor does not lose it. */
export const promptDraftStore = createStore<PromptDraft>({ prompt: '', negative_prompt: '', seed: '' }, localItem('posecraft.prompt', revive));
