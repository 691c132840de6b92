import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { generationMachine, PromptStatus } from '../../machines/generation.machine';
import { ImageGrid } from './ImageViewer';
import { ProgressBar } from './ProgressBar';

type Snapshot = SnapshotFrom<typeof generationMachine>;

function statusOf(snapshot: Snapshot): PromptStatus | 'submitting' | null {
  if (snapshot.matches('idle')) return null;
  if (snapshot.matches('submitting')) return 'submitting';
  if (snapshot.matches({ following: 'queued' })) return 'queued';
  if (snapshot.matches({ following: 'running' }) || snapshot.matches('stopping')) return 'running';
  return snapshot.value as PromptStatus;
}

/** The prompt just submitted: its progress, a Stop button and its latest preview while it runs, then its images or why it failed. */
export function CurrentPrompt({ snapshot, onStop }: { snapshot: Snapshot; onStop(): void }) {
  const { t } = useTranslation();
  const status = statusOf(snapshot);
  if (!status) return null;
  const { context } = snapshot;
  const canStop = snapshot.matches('following');
  return (
    <section className="current-prompt" aria-labelledby="current-prompt-title" data-status={status}>
      <div className="current-prompt-head">
        <h2 id="current-prompt-title">{t('generate.current')}</h2>
        {canStop && (
          <button type="button" className="button-secondary" onClick={onStop}>
            {t('generate.stop')}
          </button>
        )}
      </div>
      <p className="history-prompt">{context.request?.prompt}</p>
      <ProgressBar status={status} progress={status === 'done' ? 1 : context.progress} label={t('generate.progressLabel')} />
      {context.error && (
        <p className="field-error" role="alert">
          {context.error}
        </p>
      )}
      {context.preview && context.images.length === 0 && (
        <img className="prompt-preview" src={context.preview} alt={t('generate.previewAlt')} data-prompt-id={context.promptId} />
      )}
      {context.images.length > 0 && context.promptId && <ImageGrid images={context.images} promptId={context.promptId} />}
    </section>
  );
}
