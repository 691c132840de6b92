import { lazy, Suspense, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../store';
import { PROMPT_MAX_LENGTH, SEED_MAX } from '../../api/contract';
import type { WorkflowsResponse } from '../../api/schemas';
import type { PoseDocument } from '../../pose';
import { PersonPromptFields } from './PersonPromptFields';
import { promptDraftStore } from './promptDraft';
import { TimelineVideoField } from './TimelineVideoField';
import { chosenProfile } from './useWorkflows';

// Only a ComfyUI server offers profiles: the mannequin's pages never fetch these.
const WorkflowPicker = lazy(() => import('./WorkflowFields').then((m) => ({ default: m.WorkflowPicker })));
const SamplingFields = lazy(() => import('./WorkflowFields').then((m) => ({ default: m.SamplingFields })));

interface PromptFormProps {
  canGenerate: boolean;
  busy: boolean;
  /** The server's workflow profiles (none with the mannequin engine; null until read). */
  workflows: WorkflowsResponse | null;
  /** The pose, each of whose people may have a prompt of their own. */
  pose: PoseDocument;
  onGenerate(): void;
}

/** Prompt, negative prompt, a prompt per person, the workflow profile and its sampling settings, the seed (empty: random), and the Generate button. */
export function PromptForm({ canGenerate, busy, workflows, pose, onGenerate }: PromptFormProps) {
  const { t } = useTranslation();
  const draft = useStore(promptDraftStore);
  const chosen = chosenProfile(workflows, draft);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canGenerate && draft.prompt.trim()) onGenerate();
  };
  const setField = (field: 'prompt' | 'negative_prompt' | 'seed', value: string) => promptDraftStore.set((d) => ({ ...d, [field]: value }));
  return (
    <form className="prompt-form" onSubmit={submit}>
      <label className="field">
        <span>{t('generate.prompt')}</span>
        <textarea
          name="prompt"
          rows={3}
          required
          maxLength={PROMPT_MAX_LENGTH}
          value={draft.prompt}
          placeholder={t('generate.promptPlaceholder')}
          onChange={(e) => setField('prompt', e.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('generate.negativePrompt')}</span>
        <textarea
          name="negative_prompt"
          rows={2}
          maxLength={PROMPT_MAX_LENGTH}
          value={draft.negative_prompt}
          placeholder={t('generate.negativePlaceholder')}
          onChange={(e) => setField('negative_prompt', e.target.value)}
        />
      </label>
      <PersonPromptFields pose={pose} />
      <TimelineVideoField workflows={workflows} />
      {workflows && chosen && (
        <Suspense fallback={null}>
          <WorkflowPicker data={workflows} chosen={chosen} />
        </Suspense>
      )}
      <div className="field-row">
        <label className="field field-seed">
          <span>{t('generate.seed')}</span>
          <input
            name="seed"
            type="number"
            inputMode="numeric"
            min={0}
            max={SEED_MAX}
            step={1}
            value={draft.seed}
            placeholder={t('generate.seedRandom')}
            onChange={(e) => setField('seed', e.target.value)}
          />
        </label>
        {workflows && chosen && (
          <Suspense fallback={null}>
            <SamplingFields data={workflows} chosen={chosen} />
          </Suspense>
        )}
      </div>
      <button type="submit" className="button-primary" disabled={!canGenerate || busy || !draft.prompt.trim()}>
        {busy ? t('generate.generating') : t('generate.generate')}
      </button>
    </form>
  );
}
