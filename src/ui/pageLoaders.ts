import { lazyChunk } from './useChunk';

/**
 * The Generate images panel beside /pose and /edit, with the document store and pose model behind
 * it: not on the home page, and fetched together with either workspace page.
 */
export const generatePanelChunk = lazyChunk(() => import('./panel/GeneratePanel'));

/** A workspace page's loader, which fetches the panel beside it. */
const withPanel =
  <T>(loadPage: () => Promise<T>) =>
  (): Promise<T> => {
    generatePanelChunk.load().catch(() => undefined);
    return loadPage();
  };

/**
 * The on-demand chunks of the app, each behind one loader. `lazy()` renders through the same
 * loader, so a chunk fetched early by a hover is the one the route then shows (fetched once).
 */
export const chunkLoaders = {
  home: () => import('./pages/HomePage'),
  generate: withPanel(() => import('./pages/GeneratePage')),
  editor: withPanel(() => import('./pages/EditorPage')),
  login: () => import('./pages/LoginPage'),
  notFound: () => import('./pages/NotFoundPage'),
  sharedPose: () => import('./library/SharePage'),
  signInDialog: () => import('./auth/SignInDialog'),
  signInWidget: () => import('./auth/SignInWidget'),
} as const;

export type ChunkName = keyof typeof chunkLoaders;

/** Starts fetching chunks the user is about to need; a failed fetch is retried when they are really needed. */
export function preloadChunks(...names: ChunkName[]): void {
  for (const name of names) void chunkLoaders[name]().catch(() => undefined);
}

// The paths of the pages shown beside the Generate images panel (App's workspace routes).
const WORKSPACE_PAGES: Readonly<Record<string, ChunkName>> = { '/pose': 'generate', '/edit': 'editor' };

/**
 * On opening the app at /pose or /edit: starts fetching the page's chunk and resolves once the
 * panel beside it has loaded (or failed to), so the first paint shows the panel, as it did when the
 * panel was in the main bundle. Resolves at once for any other path.
 */
export function loadWorkspaceFor(pathname: string): Promise<unknown> {
  const page = WORKSPACE_PAGES[pathname.replace(/(.)\/+$/, '$1')];
  if (!page) return Promise.resolve();
  preloadChunks(page);
  return generatePanelChunk.load().catch(() => undefined);
}

/** Event props that preload chunks as soon as the pointer, a finger or the keyboard reaches a control. */
export function preloadOnIntent(...names: ChunkName[]) {
  const preload = () => preloadChunks(...names);
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
}
