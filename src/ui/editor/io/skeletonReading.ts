import { createStore } from '../../store';

/** The skeleton PNG being read in the background: the way to stop it and, once its hands are found, how many are read; null while none is. */
export const skeletonReading = createStore<{ cancel: () => void; hands: { read: number; found: number } | null } | null>(null);
