/** Every request in flight, each with its own AbortController, keyed by URL (docs/specification.md section 7). */
const inFlight = new Map<string, Set<AbortController>>();

/** Registers a request under its URL and returns the signal that cancels it. */
export function registerRequest(url: string, controller = new AbortController()): AbortController {
  const set = inFlight.get(url) ?? new Set();
  set.add(controller);
  inFlight.set(url, set);
  return controller;
}

/** Forgets a finished request. */
export function releaseRequest(url: string, controller: AbortController): void {
  const set = inFlight.get(url);
  set?.delete(controller);
  if (set?.size === 0) inFlight.delete(url);
}

/** Cancels every request in flight to one URL. */
export function cancelRequest(url: string): void {
  inFlight.get(url)?.forEach((c) => c.abort());
  inFlight.delete(url);
}

/** Cancels every request in flight (e.g. when leaving a page). */
export function cancelAllRequests(): void {
  [...inFlight.keys()].forEach(cancelRequest);
}

/** How many requests are in flight to a URL (all URLs when none is given). */
export function pendingRequests(url?: string): number {
  if (url) return inFlight.get(url)?.size ?? 0;
  return [...inFlight.values()].reduce((n, set) => n + set.size, 0);
}
