import { createStore } from '../store';

/** Whether the Generate images panel is open as a drawer or bottom sheet (medium and narrow layouts); pages may open it too. */
export const panelSheetStore = createStore(false);
