import type { InspectionEvent, Observer } from 'xstate';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

let inspect: Inspect | undefined;
/** Inspection events of actors that started before the inspector connected, kept (a bounded few) until it does. */
const early: InspectionEvent[] = [];
const EARLY_LIMIT = 500;

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

/**
 * An inspection event as the inspector may see it. The inspector's own sanitizers cover machine context
 * and events only; a child actor's snapshot (a promise's output: a fresh token) is stripped here.
 */
export function redactInspection(event: InspectionEvent): InspectionEvent {
  return event.type === '@xstate.snapshot' ? { ...event, snapshot: stripSecrets(event.snapshot) } : event;
}

/** Whether the developer asked for the inspector: `?inspect` in the URL or VITE_INSPECT=true. */
export function inspectorRequested(search: string, flag: string | undefined): boolean {
  return new URLSearchParams(search).has('inspect') || flag === 'true';
}

/** In development only, connects the Stately inspector when asked; production builds drop this code. */
export async function startInspector(): Promise<void> {
  if (!import.meta.env.DEV || !inspectorRequested(window.location.search, import.meta.env.VITE_INSPECT)) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const browser = createBrowserInspector({ sanitizeContext: stripSecrets, sanitizeEvent: stripSecrets }).inspect;
  inspect = { next: (event) => browser.next?.(redactInspection(event)) };
  for (const event of early.splice(0)) deliver(inspect, event);
}

function deliver(to: Inspect, event: InspectionEvent): void {
  if (typeof to === 'function') to(event);
  else to.next?.(event);
}

/**
 * The `inspect` option for an actor started on import, before startInspector ran (the auth session):
 * its events, its registration first of all, reach the inspector once that connects.
 */
export function inspectFromStart(event: InspectionEvent): void {
  if (!import.meta.env.DEV) return;
  if (inspect) return deliver(inspect, event);
  if (typeof window === 'undefined' || !inspectorRequested(window.location.search, import.meta.env.VITE_INSPECT)) return;
  early.push(event);
  if (early.length > EARLY_LIMIT) early.shift();
}

/** Options for createActor/useMachine: the inspector when it is on, nothing otherwise. */
export function actorOptions(): { inspect?: Inspect } {
  return inspect ? { inspect } : {};
}
