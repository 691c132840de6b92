import { createActor, fromPromise, waitFor, type Actor, type InspectionEvent } from 'xstate';
import { authMachine, readStoredUser, SIGN_IN_SUCCESS_URL, type AuthUser, type FreshToken } from '../../machines/auth.machine';
import { STORAGE_KEYS } from '../../api/contract';

/** What the session needs from the identity provider; the real one loads firebase on first use. */
export interface AuthProvider {
  /** Fetches a new ID token from the signed-in user; rejects with code auth/no-current-user when there is none. */
  refresh(): Promise<FreshToken>;
  signOut(): Promise<void>;
}

export interface AuthSessionOptions {
  provider: AuthProvider;
  /** The clock token expiry is judged by; tests pass their own. */
  now?: () => number;
  /** Where "go home" goes; the header swaps in the router's navigate. */
  navigate?: (path: string) => void;
  /** The user to start with; by default the one cached in local storage. */
  user?: AuthUser | null;
  /** Receives the actor's inspection events (the Stately inspector in development). */
  inspect?: (event: InspectionEvent) => void;
}

/** One running auth machine and the calls the rest of the app makes on it. */
export interface AuthSession {
  actor: Actor<typeof authMachine>;
  /** Returns a token valid now, refreshing an expired one first, or null when nobody is signed in. */
  ensureFreshToken(): Promise<string | null>;
  /** The signed-in user, or null. */
  currentUser(): AuthUser | null;
  /** Swaps the clock token expiry is judged by. */
  setClock(now: () => number): void;
}

/** True when local storage works and holds no token: someone (the HTTP client after a 401) removed it. */
function storedTokenRemoved(): boolean {
  try {
    return globalThis.localStorage.getItem(STORAGE_KEYS.accessToken) === null;
  } catch {
    return false;
  }
}

/** Starts an auth machine wired to a provider, a clock and a navigator. */
export function createAuthSession(options: AuthSessionOptions): AuthSession {
  let now = options.now ?? (() => Date.now());
  const navigate = options.navigate ?? ((path: string) => globalThis.location?.assign(path));
  const machine = authMachine.provide({
    actors: {
      refreshToken: fromPromise(() => options.provider.refresh()),
      providerSignOut: fromPromise(() => options.provider.signOut()),
    },
    actions: { navigateHome: () => navigate('/'), navigateToSuccessUrl: () => navigate(SIGN_IN_SUCCESS_URL) },
  });
  const actor = createActor(machine, {
    input: { user: options.user === undefined ? readStoredUser() : options.user },
    inspect: options.inspect,
  });
  actor.start();

  const signedIn = () => actor.getSnapshot().hasTag('signedIn');
  return {
    actor,
    async ensureFreshToken() {
      // Requests made while another one refreshes wait for that refresh instead of starting their own.
      if (actor.getSnapshot().matches('refreshing')) await waitFor(actor, (s) => !s.matches('refreshing'));
      if (!signedIn()) return null;
      // A token removed from storage behind the machine's back (refused by the server) counts as expired.
      actor.send({ type: 'TOKEN_NEEDED', now: storedTokenRemoved() ? Number.POSITIVE_INFINITY : now() });
      const settled = await waitFor(actor, (s) => !s.matches('refreshing'));
      return settled.context.user?.accessToken ?? null;
    },
    currentUser: () => (signedIn() ? actor.getSnapshot().context.user : null),
    setClock(next) {
      now = next;
    },
  };
}
