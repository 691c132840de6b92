import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatBytes } from '../../api/byteSize';
import { deleteHistoryItem } from '../../api/prompts';
import type { HistoryItem, PromptSettings, WorkflowsResponse } from '../../api/schemas';
import { HISTORY_PAGE_SIZE, type historyMachine } from '../../machines/history.machine';
import { useAuth } from '../auth/appSession';
import { notify } from '../notify/notifications';
import { ImageGrid } from './ImageViewer';
import { PoseThumbnail } from './PoseThumbnail';
import { ProgressBar } from './ProgressBar';
import { useUndoableDelete } from './useUndoableDelete';

interface HistoryListProps {
  /** The generation machine's history actor, which decides when the history is read. */
  history: ActorRefFrom<typeof historyMachine>;
  /** The server's workflow profiles, for their names. */
  workflows: WorkflowsResponse | null;
  onUseAgain(item: HistoryItem): void;
  /** Puts the prompt's seed in the form. */
  onReuseSeed(item: HistoryItem): void;
  /** Generates the prompt again with a new seed; null while a prompt is in flight. */
  onVary: ((item: HistoryItem) => void) | null;
}

/** The workflow profile and sampling settings a prompt was made with, in a few words; null without a profile (mannequin). */
function useSamplingText(workflows: WorkflowsResponse | null): (settings: PromptSettings) => string | null {
  const { t } = useTranslation();
  return (settings) => {
    if (!settings.workflow) return null;
    const parts = [workflows?.workflows.find((w) => w.id === settings.workflow)?.label ?? settings.workflow];
    if (settings.strength !== undefined) parts.push(t('history.strength', { value: settings.strength }));
    if (settings.steps !== undefined) parts.push(t('history.steps', { value: settings.steps }));
    if (settings.cfg !== undefined) parts.push(t('history.cfg', { value: settings.cfg }));
    return parts.join(' · ');
  };
}

/** The user's prompts, newest first, a page at a time, with status, settings, pose and images. */
export function HistoryList({ history, workflows, onUseAgain, onReuseSeed, onVary }: HistoryListProps) {
  const { t } = useTranslation();
  const page = useSelector(history, (s) => s.context.page);
  const data = useSelector(history, (s) => s.context.data);
  const { signedIn } = useAuth();
  const samplingText = useSamplingText(workflows);
  // Nobody signed in has no history: asking would only earn a 401, which sends the browser to /login.
  useEffect(() => history.send({ type: signedIn ? 'SHOW' : 'HIDE' }), [history, signedIn]);
  const setPage = (next: number) => history.send({ type: 'PAGE', page: next });
  // A refusal is shown by the HTTP client; the list is read again either way.
  const deleteNow = (promptId: string) =>
    void deleteHistoryItem(promptId)
      .then(
        ({ freed_bytes }) => notify('success', t('history.deleted', { size: formatBytes(freed_bytes) })),
        () => undefined,
      )
      .finally(() => history.send({ type: 'REFRESH' }));
  const deletion = useUndoableDelete(deleteNow);

  const pages = data ? Math.max(1, Math.ceil(data.total / HISTORY_PAGE_SIZE)) : 1;
  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">{t('history.title')}</h2>
      {!signedIn && <p className="muted">{t('history.signInToSee')}</p>}
      {signedIn && data && data.items.length === 0 && <p className="muted">{t('history.empty')}</p>}
      <ol className="history-list">
        {signedIn &&
          data?.items.map((item) =>
            deletion.pending.has(item.prompt_id) ? (
              <li key={item.prompt_id} className="history-item history-deleted" data-prompt-id={item.prompt_id}>
                <p role="status">{t('history.deletedPending', { prompt: item.prompt })}</p>
                <button type="button" className="button-secondary" onClick={() => deletion.undo(item.prompt_id)}>
                  {t('history.undoDelete')}
                </button>
              </li>
            ) : (
              <HistoryCard
                key={item.prompt_id}
                item={item}
                sampling={samplingText(item.settings)}
                onUseAgain={onUseAgain}
                onReuseSeed={onReuseSeed}
                onVary={onVary}
                onDelete={() => deletion.remove(item.prompt_id)}
              />
            ),
          )}
      </ol>
      {signedIn && pages > 1 && (
        <nav className="pager" aria-label={t('history.pages')}>
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('history.newer')}
          </button>
          <span>{t('history.pageOf', { page, pages })}</span>
          <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('history.older')}
          </button>
        </nav>
      )}
    </section>
  );
}

type HistoryCardProps = Pick<HistoryListProps, 'onUseAgain' | 'onReuseSeed' | 'onVary'> & {
  item: HistoryItem;
  /** The workflow and sampling settings in a few words, or null. */
  sampling: string | null;
  onDelete(): void;
};

/** One prompt of the history: its pose, text, settings, progress, images beside their control image, and what can be done with it. */
function HistoryCard({ item, sampling, onUseAgain, onReuseSeed, onVary, onDelete }: HistoryCardProps) {
  const { t } = useTranslation();
  return (
    <li className="history-item" data-prompt-id={item.prompt_id}>
      <PoseThumbnail src={item.pose_thumbnail} width={item.settings.width} height={item.settings.height} label={t('history.poseAlt')} />
      <div className="history-body">
        <p className="history-prompt">{item.prompt}</p>
        <p className="muted">
          {t('history.settings', { width: item.settings.width, height: item.settings.height, count: item.settings.gNumber })}
          {' · '}
          {new Date(item.created_at).toLocaleString()}
          {' · '}
          <span className="history-seed">{t('history.seed', { seed: item.settings.seed })}</span>
        </p>
        {sampling && <p className="muted history-sampling">{sampling}</p>}
        <ProgressBar status={item.status} progress={item.status === 'done' ? 1 : item.progress} label={t('history.progressOf', { prompt: item.prompt })} />
        {item.status === 'queued' && item.queue_position !== null && <p className="muted">{t('generate.queuePosition', { position: item.queue_position })}</p>}
        {item.error && <p className="field-error">{item.error}</p>}
        {item.images.length > 0 && <ImageGrid images={item.images} promptId={item.prompt_id} control={item.control_image} />}
        <button type="button" className="button-secondary" onClick={() => onUseAgain(item)}>
          {t('history.useAgain')}
        </button>
        <button type="button" className="button-secondary" onClick={() => onReuseSeed(item)}>
          {t('history.reuseSeed')}
        </button>
        <button type="button" className="button-secondary" disabled={!onVary} onClick={() => onVary?.(item)}>
          {t('history.vary')}
        </button>
        <button type="button" className="button-secondary" disabled={item.status === 'queued' || item.status === 'running'} onClick={onDelete}>
          {t('history.delete')}
        </button>
      </div>
    </li>
  );
}
