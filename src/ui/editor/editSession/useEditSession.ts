import { useEffect } from 'react';
import { EDIT_SESSION_LIMITS } from '../../../api/contract';
import { fetchAccountDocument, getEditSession, saveAccountDocument, sendEditSession, type EditSession } from '../../../api/integrations';
import { contentOfScene, openAccountDocument } from '../../stores/accountDocument';
import { documentActor } from '../../stores/documentStore';
import { promptDraftStore } from '../../generate/promptDraft';
import { useStore } from '../../store';
import { editSessionState, type EditSessionPhase } from './editSessionState';

/** How long each wait for a change of the session lasts (under the server's most). */
const WAIT_S = 25;

// The sessions whose document this page opened, with the version it holds; and the openings under
// way, shared, so a remount (or React's double effect) never opens one twice, which would be two edits.
const opened = new Map<string, { session: EditSession; version: number }>();
const opening = new Map<string, Promise<boolean>>();

const setPhase = (next: EditSessionPhase | ((was: EditSessionPhase | null) => EditSessionPhase)) =>
  editSessionState.set((s) => ({ ...s, phase: typeof next === 'function' ? next(s.phase) : next }));

/** Opens a session's document in the editor, once per page; false when it cannot be read. */
function openDocumentOnce(id: string, session: EditSession): Promise<boolean> {
  let started = opening.get(id);
  if (!started) {
    started = fetchAccountDocument(session.document_id).then((doc) => {
      if (!openAccountDocument(doc.content)) return false;
      opened.set(id, { session, version: doc.version });
      return true;
    });
    started.catch(() => opening.delete(id));
    opening.set(id, started);
  }
  return started;
}

/** The session's status now and, while it waits, its document opened: the phase the bar shows. */
async function openSession(id: string): Promise<EditSessionPhase> {
  const session = await getEditSession(id);
  if (session.status !== 'waiting') return session.status;
  return (await openDocumentOnce(id, session)) ? 'open' : 'unreadable';
}

/** Send back: saves the document over the version opened (with each person's own prompt), then sends the session. */
async function sendBack(id: string): Promise<void> {
  const known = opened.get(id);
  if (!known) return;
  setPhase('sending');
  try {
    const content = contentOfScene(documentActor().getSnapshot().context.scene, promptDraftStore.get().personPrompts);
    const saved = await saveAccountDocument(known.session.document_id, content, known.version);
    opened.set(id, { ...known, version: saved.version });
    setPhase((await sendEditSession(id)).status);
  } catch {
    // The client has said why; the session's own status says whether it can still be sent.
    const now = await getEditSession(id).catch(() => null);
    setPhase(now && now.status !== 'waiting' ? now.status : 'open');
  }
}

/** Follows the session by long poll until it is no longer waiting (a cancel or expiry then shows), or the signal stops it. */
async function follow(id: string, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    const next = await getEditSession(id, WAIT_S, signal);
    if (next.status !== 'waiting') return setPhase((was) => (was === 'sending' ? was : next.status));
  }
}

/**
 * The edit session named by the page's ?edit_session=: its document opened in the editor, its
 * status followed, and Send back (the registered action sendEditSession) while it waits.
 */
export function useEditSession(id: string): EditSessionPhase {
  const phase = useStore(editSessionState, (s) => s.phase) ?? 'loading';
  useEffect(() => {
    editSessionState.set({ phase: 'loading', send: () => sendBack(id) });
    const stop = new AbortController();
    openSession(id).then(
      (next) => {
        if (stop.signal.aborted) return;
        setPhase(next);
        if (next === 'open') follow(id, stop.signal).catch(() => undefined);
      },
      () => setPhase('failed'),
    );
    return () => {
      stop.abort();
      editSessionState.set((s) => ({ ...s, phase: null }));
    };
  }, [id]);
  return phase;
}

/** The session id of the page's address, or null. */
export function editSessionIdOf(search: string): string | null {
  return new URLSearchParams(search).get(EDIT_SESSION_LIMITS.queryParam);
}
