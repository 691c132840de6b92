import { createStore } from '../../store';

/** The skeleton PNG being read in the background, with the way to stop it; null while none is. */
export const skeletonReading = createStore<{ cancel: () => void } | null>(null);
