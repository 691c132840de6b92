import { createStore } from '../../store';

/** Whether the side view of the selected person is shown; the editor's view, not the document. */
export const sideViewStore = createStore<{ open: boolean }>({ open: false });
