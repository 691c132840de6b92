import { useSyncExternalStore } from 'react';

/** A tiny observable value: the state container behind each UI store. */
export interface Store<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

interface PersistOptions<T> {
  /** Local storage key the value is kept under. */
  key: string;
  /** Turns whatever was stored into a valid value, or null when it is unusable. */
  revive(raw: unknown): T | null;
}

function readStored<T>(persist: PersistOptions<T>): T | null {
  try {
    const text = globalThis.localStorage?.getItem(persist.key);
    return text == null ? null : persist.revive(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Creates a store, optionally kept in local storage so it survives a reload. */
export function createStore<T>(initial: T, persist?: PersistOptions<T>): Store<T> {
  let value = (persist && readStored(persist)) ?? initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (prev: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      if (persist) {
        try {
          globalThis.localStorage?.setItem(persist.key, JSON.stringify(value));
        } catch {
          // A full or blocked storage must not break editing; the value still lives in memory.
        }
      }
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Reads a store (or a slice of it) in a component and re-renders when it changes. */
export function useStore<T, S = T>(store: Store<T>, select: (value: T) => S = (v) => v as unknown as S): S {
  return useSyncExternalStore(store.subscribe, () => select(store.get()), () => select(store.get()));
}
