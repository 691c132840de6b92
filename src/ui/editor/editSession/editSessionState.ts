import type { EditSession } from '../../../api/integrations';
import { createStore } from '../../store';

/** Where the editor is with the edit session it was opened for. */
export type EditSessionPhase = 'loading' | 'open' | 'sending' | 'unreadable' | 'failed' | EditSession['status'];

/** The page's edit session: its phase (null when the editor was not opened for one) and its Send back. */
export const editSessionState = createStore<{ phase: EditSessionPhase | null; send(): Promise<void> }>({ phase: null, send: async () => {} });

/** What the registered action sendEditSession reaches: whether the session can be sent now, and Send back. */
export const editSessionControls = {
  canSend: (): boolean => editSessionState.get().phase === 'open',
  send: (): void => void editSessionState.get().send(),
};
