import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchHistory, type HistoryItem } from '../../api/endpoints';
import type { HistoryResponse } from '../../api/schemas';
import { useAuth } from '../auth/appSession';
import { ImageGrid } from './ImageViewer';
import { PoseThumbnail } from './PoseThumbnail';
import { ProgressBar } from './ProgressBar';

const PAGE_SIZE = 5;
const ACTIVE_REFRESH_MS = 2000;

interface HistoryListProps {
  /** Changes whenever the page's own prompt moves on, so the list refreshes. */
  refreshKey: string;
  onUseAgain(item: HistoryItem): void;
}

/** The user's prompts, newest first, a page at a time, with status, settings, pose and images. */
export function HistoryList({ refreshKey, onUseAgain }: HistoryListProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<HistoryResponse | null>(null);
  const { state } = useAuth();
  // Nobody signed in has no history: asking would only earn a 401, which sends the browser to /login.
  const signedIn = state === 'signedIn' || state === 'refreshing';

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchHistory({ page, page_size: PAGE_SIZE }, signal).then(setData, () => {
        // The client has already shown why; keep what is on screen.
      }),
    [page],
  );

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, refreshKey, signedIn]);

  const active = signedIn && data?.items.some((i) => i.status === 'queued' || i.status === 'running');
  useEffect(() => {
    if (!active) return;
    // Aborted with the page it was for, so a late answer for the old page cannot replace the new one.
    const controller = new AbortController();
    const timer = setInterval(() => void load(controller.signal), ACTIVE_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [active, load]);

  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">{t('history.title')}</h2>
      {!signedIn && <p className="muted">{t('history.signInToSee')}</p>}
      {signedIn && data && data.items.length === 0 && <p className="muted">{t('history.empty')}</p>}
      <ol className="history-list">
        {signedIn && data?.items.map((item) => (
          <li key={item.prompt_id} className="history-item" data-prompt-id={item.prompt_id}>
            <PoseThumbnail pose={item.pose} width={item.settings.width} height={item.settings.height} label={t('history.poseAlt')} />
            <div className="history-body">
              <p className="history-prompt">{item.prompt}</p>
              <p className="muted">
                {t('history.settings', { width: item.settings.width, height: item.settings.height, count: item.settings.gNumber })}
                {' · '}
                {new Date(item.created_at).toLocaleString()}
              </p>
              <ProgressBar status={item.status} progress={item.status === 'done' ? 1 : item.progress} label={t('history.progressOf', { prompt: item.prompt })} />
              {item.status === 'queued' && item.queue_position !== null && (
                <p className="muted">{t('generate.queuePosition', { position: item.queue_position })}</p>
              )}
              {item.error && <p className="field-error">{item.error}</p>}
              {item.images.length > 0 && <ImageGrid images={item.images} promptId={item.prompt_id} />}
              <button type="button" className="button-secondary" onClick={() => onUseAgain(item)}>
                {t('history.useAgain')}
              </button>
            </div>
          </li>
        ))}
      </ol>
      {signedIn && pages > 1 && (
        <nav className="pager" aria-label={t('history.pages')}>
          <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('history.newer')}
          </button>
          <span>{t('history.pageOf', { page, pages })}</span>
          <button type="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('history.older')}
          </button>
        </nav>
      )}
    </section>
  );
}
