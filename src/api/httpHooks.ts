/**
 * What the app shell hands the HTTP client: how to tell the user, and how to move the router.
 * Kept apart from the client so the shell can connect them without loading axios on the first page.
 */
import type { HttpEnvironment } from './http';

/** The client's hooks into the UI. */
export type HttpHooks = Omit<HttpEnvironment, 'baseURL'>;

// Until the app shell connects its own, failures go to the console and navigation loads the page.
let hooks: HttpHooks = {
  loginWarning: () => 'Please log in first',
  notify: (type, message) => console.warn(`[${type}] ${message}`),
  navigate: (path) => globalThis.location.assign(path),
};

/** Hands the client the UI's notifications, router and translations; the app shell calls it once at start. */
export function connectHttpClient(given: HttpHooks): void {
  hooks = given;
}

/** The hooks as last connected, read at the moment each is needed. */
export function httpHooks(): HttpHooks {
  return hooks;
}
