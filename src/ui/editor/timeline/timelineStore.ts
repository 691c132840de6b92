import { createStore } from '../../store';

/** The timeline panel's own state: shown or not, playing, looping, onion skin; none of it is the document. */
export interface TimelineState {
  open: boolean;
  playing: boolean;
  loop: boolean;
  onionSkin: boolean;
  /** The frame whose keys "Paste key" copies, once "Copy key" was used. */
  copiedFrame: number | null;
}

/** Hidden until opened; loops and shows the onion skin when playing or posing. */
export const timelineStore = createStore<TimelineState>({ open: false, playing: false, loop: true, onionSkin: true, copiedFrame: null });
