import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryItem } from '../../api/schemas';
import { ImageGrid } from './ImageViewer';
import type { LivePrompt } from './livePrompt';
import { personLabel, requestPersonPrompts } from './personPrompts';
import { PoseThumbnail } from './PoseThumbnail';
import { ProgressBar } from './ProgressBar';

/** What can be done with a prompt that is in the history. */
export interface PromptActions {
  onUseAgain(item: HistoryItem): void;
  /** Puts the prompt's seed in the form. */
  onReuseSeed(item: HistoryItem): void;
  /** Generates the prompt again with a new seed; null while a prompt is in flight. */
  onVary: ((item: HistoryItem) => void) | null;
}

type PromptCardProps = {
  /** The prompt as the history has it; absent while the server has not stored it (being sent, or refused). */
  item?: HistoryItem;
  /** The prompt as this page's generation follows it, when it is the page's own. */
  live?: LivePrompt;
  /** The workflow and sampling settings in a few words, or null. */
  sampling?: string | null;
  actions?: PromptActions;
  onDelete?(): void;
  onStop?(): void;
};

/** One prompt: its pose, text, settings, status and progress (with Stop and a preview while it runs), images beside their control image, and what can be done with it. */
export function PromptCard({ item, live, sampling, actions, onDelete, onStop }: PromptCardProps) {
  const { t } = useTranslation();
  const textId = useId();
  // The page's own machine hears about its prompt first; the history may lag a moment behind it.
  const status = live?.status ?? item!.status;
  const prompt = item?.prompt ?? live!.request.prompt;
  const settings = item?.settings ?? live!.request;
  const personPrompts = item ? item.settings.person_prompts : live && requestPersonPrompts(live.request);
  const images = item?.images.length ? item.images : (live?.images ?? []);
  const progress = status === 'done' ? 1 : Math.max(live?.progress ?? 0, item?.progress ?? 0);
  const error = live?.error ?? item?.error ?? null;
  const preview = images.length === 0 && (status === 'running' || status === 'queued') ? live?.preview : null;
  const promptId = item?.prompt_id ?? live?.promptId;
  return (
    <article className="history-item" aria-labelledby={textId} data-status={status} data-prompt-id={promptId ?? undefined}>
      {item && <PoseThumbnail src={item.pose_thumbnail} width={item.settings.width} height={item.settings.height} label={t('history.poseAlt')} />}
      <div className="history-body">
        <div className="history-head">
          <p className="history-prompt" id={textId}>
            {prompt}
          </p>
          {live?.canStop && onStop && (
            <button type="button" className="button-secondary" onClick={onStop}>
              {t('generate.stop')}
            </button>
          )}
        </div>
        <p className="muted">
          {t('history.settings', { width: settings.width, height: settings.height, count: settings.gNumber })}
          {item && (
            <>
              {' · '}
              {new Date(item.created_at).toLocaleString()}
              {' · '}
              <span className="history-seed">{t('history.seed', { seed: item.settings.seed })}</span>
            </>
          )}
        </p>
        {sampling && <p className="muted history-sampling">{sampling}</p>}
        {personPrompts?.length ? (
          <ul className="history-person-prompts" aria-label={t('generateCards.personPrompts')}>
            {personPrompts.map(({ person, prompt: own }) => (
              <li key={person}>{t('generateCards.personPromptShown', { name: personLabel(t, undefined, person), prompt: own })}</li>
            ))}
          </ul>
        ) : null}
        <ProgressBar status={status} progress={progress} label={t('history.progressOf', { prompt })} />
        {status === 'queued' && item?.queue_position != null && <p className="muted">{t('generate.queuePosition', { position: item.queue_position })}</p>}
        {error && (
          <p className="field-error" role={live ? 'alert' : undefined}>
            {error}
          </p>
        )}
        {preview && <img className="prompt-preview" src={preview} alt={t('generate.previewAlt')} data-prompt-id={promptId ?? undefined} />}
        {images.length > 0 && promptId && <ImageGrid images={images} promptId={promptId} control={item?.control_image} />}
        {item && actions && <CardButtons item={item} busy={status === 'queued' || status === 'running'} actions={actions} onDelete={onDelete} />}
      </div>
    </article>
  );
}

/** Use again, Reuse this seed, Vary and Delete (not while the prompt is queued or running). */
function CardButtons({ item, busy, actions, onDelete }: { item: HistoryItem; busy: boolean; actions: PromptActions; onDelete?(): void }) {
  const { t } = useTranslation();
  const { onUseAgain, onReuseSeed, onVary } = actions;
  return (
    <div className="history-actions">
      <button type="button" className="button-secondary" onClick={() => onUseAgain(item)}>
        {t('history.useAgain')}
      </button>
      <button type="button" className="button-secondary" onClick={() => onReuseSeed(item)}>
        {t('history.reuseSeed')}
      </button>
      <button type="button" className="button-secondary" disabled={!onVary} onClick={() => onVary?.(item)}>
        {t('history.vary')}
      </button>
      <button type="button" className="button-secondary" disabled={busy} onClick={onDelete}>
        {t('history.delete')}
      </button>
    </div>
  );
}
