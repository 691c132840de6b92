import { useSyncExternalStore } from 'react';

/** The three layouts: the panel beside the canvas, the side sections as drawers, or a phone's bottom bar and sheets. */
export type LayoutMode = 'wide' | 'medium' | 'narrow';

// Kept in step with the breakpoints in styles.css (1280 px and 768 px).
const WIDE = '(min-width: 1280px)';
const MEDIUM = '(min-width: 768px)';

function current(): LayoutMode {
  if (typeof matchMedia !== 'function') return 'wide';
  if (matchMedia(WIDE).matches) return 'wide';
  return matchMedia(MEDIUM).matches ? 'medium' : 'narrow';
}

function subscribe(listener: () => void): () => void {
  const lists = [matchMedia(WIDE), matchMedia(MEDIUM)];
  lists.forEach((l) => l.addEventListener('change', listener));
  return () => lists.forEach((l) => l.removeEventListener('change', listener));
}

/** The layout for the window's width now, following resizes and rotation. */
export function useLayoutMode(): LayoutMode {
  return useSyncExternalStore(subscribe, current, () => 'wide');
}
