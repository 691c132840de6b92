import { createStore, localItem } from '../store';

/** The prompt being written on the Generate page; numbers as typed, '' meaning "the default". */
export interface PromptDraft {
  prompt: string;
  negative_prompt: string;
  /** '' for a random seed, chosen by the server. */
  seed: string;
  /** A workflow profile id; '' for the server's default. */
  workflow: string;
  steps: string;
  cfg: string;
  strength: string;
  /** Each person's own prompt, by their figure id (see personKey), so it stays with the person when people are reordered. */
  personPrompts: Record<string, string>;
  /** 'off' when the user turned the depth ControlNet off; '' leaves it on where the profile offers it. */
  depth: string;
  depth_strength: string;
}

const EMPTY: PromptDraft = {
  prompt: '',
  negative_prompt: '',
  seed: '',
  workflow: '',
  steps: '',
  cfg: '',
  strength: '',
  personPrompts: {},
  depth: '',
  depth_strength: '',
};

/** Only string values of a stored record of texts. */
function texts(raw: unknown): Record<string, string> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function revive(raw: unknown): PromptDraft | null {
  const r = raw as Partial<Record<keyof PromptDraft, unknown>> | null;
  if (typeof r?.prompt !== 'string' || typeof r.negative_prompt !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    ...EMPTY,
    prompt: r.prompt,
    negative_prompt: r.negative_prompt,
    seed: text(r.seed),
    workflow: text(r.workflow),
    steps: text(r.steps),
    cfg: text(r.cfg),
    strength: text(r.strength),
    personPrompts: texts(r.personPrompts),
    depth: text(r.depth),
    depth_strength: text(r.depth_strength),
  };
}

/** The draft, kept so a reload or a trip to the editor does not lose it. */
export const promptDraftStore = createStore<PromptDraft>(EMPTY, localItem('posecraft.prompt', revive));
