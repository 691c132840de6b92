import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatBytes } from '../../api/byteSize';
import { deleteHistoryItem } from '../../api/prompts';
import type { PromptSettings, WorkflowsResponse } from '../../api/schemas';
import { HISTORY_PAGE_SIZE, type historyMachine } from '../../machines/history.machine';
import { useAuth } from '../auth/appSession';
import { notify } from '../notify/notifications';
import type { LivePrompt } from './livePrompt';
import { PromptCard, type PromptActions } from './PromptCard';
import { useUndoableDelete } from './useUndoableDelete';

interface HistoryListProps {
  /** The generation machine's history actor, which decides when the history is read. */
  history: ActorRefFrom<typeof historyMachine>;
  /** The server's workflow profiles, for their names. */
  workflows: WorkflowsResponse | null;
  /** The prompt this page sent, shown in its own card (on top until the history has it). */
  live: LivePrompt | null;
  onStop(): void;
  /** A prompt is being deleted on the server (its undo time is over). */
  onDeleted(promptId: string): void;
  actions: PromptActions;
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

/** The user's prompts, newest first, a page at a time, one card each: the page's own prompt follows its progress in its card. */
export function HistoryList({ history, workflows, live, onStop, onDeleted, actions }: HistoryListProps) {
  const { t } = useTranslation();
  const page = useSelector(history, (s) => s.context.page);
  const data = useSelector(history, (s) => s.context.data);
  const { signedIn } = useAuth();
  const samplingText = useSamplingText(workflows);
  // Nobody signed in has no history: asking would only earn a 401, which sends the browser to /login.
  useEffect(() => history.send({ type: signedIn ? 'SHOW' : 'HIDE' }), [history, signedIn]);
  const setPage = (next: number) => history.send({ type: 'PAGE', page: next });
  // A refusal is shown by the HTTP client; the list is read again either way.
  const deleteNow = (promptId: string) => {
    onDeleted(promptId);
    void deleteHistoryItem(promptId)
      .then(
        ({ freed_bytes }) => notify('success', t('history.deleted', { size: formatBytes(freed_bytes) })),
        () => undefined,
      )
      .finally(() => history.send({ type: 'REFRESH' }));
  };
  const deletion = useUndoableDelete(deleteNow);

  const items = signedIn ? (data?.items ?? []) : [];
  // The page's prompt has a card of its own on top while the history does not show it yet (or never will: refused).
  const liveOnTop = live && (page === 1 || !signedIn) && !items.some((i) => i.prompt_id === live.promptId) ? live : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / HISTORY_PAGE_SIZE)) : 1;
  return (
    <section className="history" aria-labelledby="history-title">
      <h2 id="history-title">{t('history.title')}</h2>
      {!signedIn && <p className="muted">{t('history.signInToSee')}</p>}
      {signedIn && data && data.items.length === 0 && !liveOnTop && <p className="muted">{t('history.empty')}</p>}
      <ol className="history-list">
        {liveOnTop && (
          <li key={liveOnTop.promptId ?? 'sending'}>
            <PromptCard live={liveOnTop} onStop={onStop} />
          </li>
        )}
        {items.map((item) =>
          deletion.pending.has(item.prompt_id) ? (
            <li key={item.prompt_id} className="history-item history-deleted" data-prompt-id={item.prompt_id}>
              <p role="status">{t('history.deletedPending', { prompt: item.prompt })}</p>
              <button type="button" className="button-secondary" onClick={() => deletion.undo(item.prompt_id)}>
                {t('history.undoDelete')}
              </button>
            </li>
          ) : (
            <li key={item.prompt_id}>
              <PromptCard
                item={item}
                live={live?.promptId === item.prompt_id ? live : undefined}
                sampling={samplingText(item.settings)}
                actions={actions}
                onDelete={() => deletion.remove(item.prompt_id)}
                onStop={onStop}
              />
            </li>
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
