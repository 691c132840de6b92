import { useSyncExternalStore } from 'react';

/** A tiny observable value: the state container behind each UI store. */
export interface Store<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

/** Where a store keeps its value across reloads. */
export interface Persistence<T> {
  /** The stored value made valid, or null when there is none or it is unusable; absent when the store's initial value was read already. */
  load?(): T | null;
  /** Stores the new value; `previous` lets a store of several parts write only the parts that changed. */
  save(value: T, previous: T): void;
}

/** Reads one local storage item as JSON, or undefined when it is missing, unreadable or not JSON. */
export function readItem(key: string): unknown {
  try {
    const text = globalThis.localStorage?.getItem(key);
    return text == null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Writes one local storage item as JSON. */
export function writeItem(key: string, value: unknown): void {
  writeItemText(key, JSON.stringify(value));
}

/** Writes one local storage item from JSON text the caller made (and measured) itself. */
export function writeItemText(key: string, json: string): void {
  try {
    globalThis.localStorage?.setItem(key, json);
  } catch {
    // A full or blocked storage must not break editing; the value still lives in memory.
  }
}

/** Keeps a value in one local storage item, revived (made valid, or null) when read back. */
export function localItem<T>(key: string, revive: (raw: unknown) => T | null): Persistence<T> {
  return {
    load: () => {
      const raw = readItem(key);
      return raw === undefined ? null : revive(raw);
    },
    save: (value) => writeItem(key, value),
  };
}

/** Creates a store, optionally kept (in local storage) so it survives a reload. */
export function createStore<T>(initial: T, persist?: Persistence<T>): Store<T> {
  let value = persist?.load?.() ?? initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (prev: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      const previous = value;
      value = resolved;
      persist?.save(value, previous);
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
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
