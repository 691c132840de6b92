import { useEffect, useState } from 'react';

/** A chunk of code loaded on demand and remembered once loaded. */
export interface LazyChunk<T> {
  /** Starts loading (once; a failed load is tried again on the next call) and resolves to the module. */
  load(): Promise<T>;
  /** The module if it has loaded, else null. */
  loaded(): T | null;
}

/** Wraps a dynamic import as a chunk that loads on the first call and is kept after. */
export function lazyChunk<T>(importChunk: () => Promise<T>): LazyChunk<T> {
  let module: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load() {
      loading ??= importChunk().then(
        (m) => (module = m),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}

/**
 * The chunk's module once it is wanted and has loaded (at once if it loaded before), else null. Unlike React.lazy there is no
 * Suspense: React holds a Suspense boundary's content back up to 300 ms after its fallback showed,
 * so a dialog or panel would open that much later; this renders it the moment its code arrives.
 */
export function useChunk<T>(chunk: LazyChunk<T>, wanted: boolean): T | null {
  const [module, setModule] = useState<T | null>(chunk.loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    chunk.load().then(
      (m) => live && setModule(() => m),
      (error: unknown) => console.warn('Could not load a part of the page', error),
    );
    return () => {
      live = false;
    };
  }, [chunk, wanted, module]);
  return module ?? chunk.loaded();
}
