import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../store';
import { PROMPT_MAX_LENGTH, SEED_MAX } from '../../api/contract';
import { promptDraftStore } from './promptDraft';

interface PromptFormProps {
  canGenerate: boolean;
  busy: boolean;
  onGenerate(): void;
}

/** Prompt, negative prompt and seed (empty: random), and the Generate button. */
export function PromptForm({ canGenerate, busy, onGenerate }: PromptFormProps) {
  const { t } = useTranslation();
  const draft = useStore(promptDraftStore);
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
      <label className="field field-seed">
        <span>{t('generate.seed')}</span>
        <input
          name="seed"
          type="number"
          min={0}
          max={SEED_MAX}
          step={1}
          value={draft.seed}
          placeholder={t('generate.seedRandom')}
          onChange={(e) => setField('seed', e.target.value)}
        />
      </label>
      <button type="submit" className="button-primary" disabled={!canGenerate || busy || !draft.prompt.trim()}>
        {busy ? t('generate.generating') : t('generate.generate')}
      </button>
    </form>
  );
}
