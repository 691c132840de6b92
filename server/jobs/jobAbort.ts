/** Why a worker aborted a running job; the reason decides how the job ends. */
export type AbortCause = 'stop' | 'shutdown' | 'lease-lost';

/** The reason given to a job's AbortController: engines reject with it. */
export class JobAbort extends Error {
  constructor(readonly cause: AbortCause) {
    super(`job aborted: ${cause}`);
    this.name = 'AbortError';
  }
}

/** The cause of an aborted signal, or null if it was not aborted by a worker. */
export function abortCause(signal: AbortSignal): AbortCause | null {
  return signal.aborted && signal.reason instanceof JobAbort ? signal.reason.cause : null;
}
