import { useTranslation } from 'react-i18next';
import { useStore } from '../store';
import { settingsStore } from '../settings/settingsStore';

/** /pose: where the user writes a prompt and generates images of the pose. */
export default function GeneratePage() {
  const { t } = useTranslation();
  const { width, height, gNumber } = useStore(settingsStore);
  return (
    <div className="generate-page">
      <h1>{t('generate.title')}</h1>
      <p className="muted">{t('generate.summary', { width, height, count: gNumber })}</p>
      <label className="field">
        <span>{t('generate.prompt')}</span>
        <textarea name="prompt" rows={3} placeholder={t('generate.promptPlaceholder')} />
      </label>
      <label className="field">
        <span>{t('generate.negativePrompt')}</span>
        <textarea name="negative_prompt" rows={2} placeholder={t('generate.negativePlaceholder')} />
      </label>
    </div>
  );
}
