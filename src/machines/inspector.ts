import type { InspectionEvent, Observer } from 'xstate';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

let inspect: Inspect | undefined;

const SECRET_KEY = /token|password|secret|credential|oobcode|authorization|apikey/i;

/** Copies a value with every secret-looking field (tokens, passwords, codes) replaced, for the inspector's eyes. */
export function stripSecrets<T>(value: T, depth = 0): T {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => stripSecrets(v, depth + 1)) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? '[redacted]' : stripSecrets(v, depth + 1);
  return out as T;
}

/** Whether the developer asked for the inspector: `?inspect` in the URL or VITE_INSPECT=true. */
export function inspectorRequested(search: string, flag: string | undefined): boolean {
  return new URLSearchParams(search).has('inspect') || flag === 'true';
}

/** In development only, connects the Stately inspector when asked; production builds drop this code. */
export async function startInspector(): Promise<void> {
  if (!import.meta.env.DEV || !inspectorRequested(window.location.search, import.meta.env.VITE_INSPECT)) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector({ sanitizeContext: stripSecrets, sanitizeEvent: stripSecrets }).inspect;
}

/** Options for createActor/useMachine: the inspector when it is on, nothing otherwise. */
export function actorOptions(): { inspect?: Inspect } {
  return inspect ? { inspect } : {};
}
