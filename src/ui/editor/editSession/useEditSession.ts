import { useEffect, useRef, useState } from 'react';
import { EDIT_SESSION_LIMITS } from '../../../api/contract';
import { fetchAccountDocument, getEditSession, saveAccountDocument, sendEditSession, type EditSession } from '../../../api/integrations';
import { contentOfScene, openAccountDocument } from '../../stores/accountDocument';
import { documentActor } from '../../stores/documentStore';
import { promptDraftStore } from '../../generate/promptDraft';

/** Where the editor is with the edit session it was opened for. */
export type EditSessionPhase = 'loading' | 'open' | 'sending' | 'unreadable' | 'failed' | EditSession['status'];

/** How long each wait for a change of the session lasts (under the server's most). */
const WAIT_S = 25;

// Sessions whose document was opened in this page's life: opening one twice would be two edits.
const opened = new Map<string, number>();

/** Opens a session's document (once), answering the phase the bar shows and the document's version. */
async function openSession(id: string): Promise<{ phase: EditSessionPhase; session?: EditSession; version?: number }> {
  const session = await getEditSession(id);
  if (session.status !== 'waiting') return { phase: session.status, session };
  const known = opened.get(id);
  if (known !== undefined) return { phase: 'open', session, version: known };
  const doc = await fetchAccountDocument(session.document_id);
  if (!openAccountDocument(doc.content)) return { phase: 'unreadable', session };
  opened.set(id, doc.version);
  return { phase: 'open', session, version: doc.version };
}

/**
 * The edit session named by the page's ?edit_session=: its document opened in the editor, its
 * status followed (a long poll, so a cancel or expiry shows), and Send back: save the document over
 * the version opened, then send.
 */
export function useEditSession(id: string | null): { phase: EditSessionPhase; send(): Promise<void> } {
  const [phase, setPhase] = useState<EditSessionPhase>('loading');
  const state = useRef<{ session?: EditSession; version?: number }>({});
  useEffect(() => {
    if (!id) return;
    const stop = new AbortController();
    const follow = async () => {
      while (!stop.signal.aborted) {
        const next = await getEditSession(id, WAIT_S, stop.signal);
        if (next.status !== 'waiting') return setPhase((was) => (was === 'sending' ? was : next.status));
      }
    };
    openSession(id).then(
      (outcome) => {
        state.current = outcome;
        setPhase(outcome.phase);
        if (outcome.phase === 'open') follow().catch(() => undefined);
      },
      () => setPhase('failed'),
    );
    return () => stop.abort();
  }, [id]);

  const send = async () => {
    const { session, version } = state.current;
    if (!id || !session || version === undefined) return;
    setPhase('sending');
    try {
      const content = contentOfScene(documentActor().getSnapshot().context.scene, promptDraftStore.get().personPrompts);
      const saved = await saveAccountDocument(session.document_id, content, version);
      state.current.version = saved.version;
      opened.set(id, saved.version);
      setPhase((await sendEditSession(id)).status);
    } catch {
      // The client has said why; the session's own status says whether it can still be sent.
      const now = await getEditSession(id).catch(() => null);
      setPhase(now && now.status !== 'waiting' ? now.status : 'open');
    }
  };
  return { phase, send };
}

/** The session id of the page's address, or null. */
export function editSessionIdOf(search: string): string | null {
  return new URLSearchParams(search).get(EDIT_SESSION_LIMITS.queryParam);
}
