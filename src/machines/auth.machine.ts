import { assign, fromPromise, setup } from 'xstate';
import { STORAGE_KEYS } from '../api/contract';

/** The signed-in user as the client keeps it (docs/specification.md section 3); the provider's own record stays with the provider. */
export interface AuthUser {
  displayName: string | null;
  email: string | null;
  accessToken: string;
  /** When the access token expires, in milliseconds since the epoch. */
  expirationTime: number;
}

/** A fresh ID token and its expiration, as the refresh actor returns it. */
export interface FreshToken {
  accessToken: string;
  expirationTime: number;
}

export interface AuthContext {
  user: AuthUser | null;
}

export type AuthEvent =
  | { type: 'OPEN_MODAL' }
  | { type: 'CLOSE_MODAL' }
  /** The provider reports a signed-in user (sign-in, a restored session, or a new token). */
  | { type: 'SIGNED_IN'; user: AuthUser }
  /** The provider reports that nobody is signed in. */
  | { type: 'SIGNED_OUT' }
  /** The user chose Log out. */
  | { type: 'LOG_OUT' }
  /** A request is about to go out and needs a token valid at `now`. */
  | { type: 'TOKEN_NEEDED'; now: number };

/** Where a sign-in from the header's modal lands (docs/specification.md section 2: the widget's success URL). */
export const SIGN_IN_SUCCESS_URL = '/pose';

/** Provider error codes meaning the user is gone for good, so a failed refresh signs out instead of retrying. */
export const SIGNED_OUT_ERROR_CODES = [
  'auth/no-current-user',
  'auth/user-token-expired',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/invalid-user-token',
];

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // Storage blocked by the browser: the session then lives in memory only.
  }
}

/** Reads the session cached in local storage, or null when no token is stored. */
export function readStoredUser(store: Storage | undefined = storage()): AuthUser | null {
  const accessToken = store?.getItem(STORAGE_KEYS.accessToken);
  if (!accessToken) return null;
  const rawExpiry = store?.getItem(STORAGE_KEYS.expirationTime) ?? '';
  // Written as milliseconds; a date string is accepted too. Unreadable means expired: refresh before use.
  const expirationTime = /^\d+$/.test(rawExpiry) ? Number(rawExpiry) : Date.parse(rawExpiry) || 0;
  let profile: { displayName?: unknown; email?: unknown } = {};
  try {
    profile = JSON.parse(store?.getItem(STORAGE_KEYS.profile) ?? '{}') ?? {};
  } catch {
    // A damaged profile only costs the avatar letter until the provider confirms the user.
  }
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return { accessToken, expirationTime, displayName: text(profile.displayName), email: text(profile.email) };
}

/** Saves the session in local storage. */
export function writeStoredUser(user: AuthUser, store: Storage | undefined = storage()): void {
  try {
    store?.setItem(STORAGE_KEYS.accessToken, user.accessToken);
    store?.setItem(STORAGE_KEYS.expirationTime, String(user.expirationTime));
    store?.setItem(STORAGE_KEYS.profile, JSON.stringify({ displayName: user.displayName, email: user.email }));
  } catch {
    // A full storage keeps the session in memory for this page only.
  }
}

/** Removes every stored session item. */
export function clearStoredUser(store: Storage | undefined = storage()): void {
  for (const key of Object.values(STORAGE_KEYS)) store?.removeItem(key);
}

/**
 * The sign-in state of docs/specification.md section 4. signedOut ⇄ modalOpen → signedIn ⇄ refreshing;
 * signingOut holds the provider's sign-out so that a user it restores meanwhile is not taken back in.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as { user?: AuthUser | null } | undefined,
    tags: {} as AuthTag,
  },
  actors: {
    // Real implementations come from src/ui/auth/session.ts through machine.provide: they load firebase lazily.
    refreshToken: fromPromise<FreshToken>(async () => {
      throw new Error('refreshToken actor not provided');
    }),
    providerSignOut: fromPromise<void>(async () => {
      throw new Error('providerSignOut actor not provided');
    }),
  },
  actions: {
    setUser: assign({ user: (_, user: AuthUser) => user }),
    setToken: assign({
      user: ({ context }, token: FreshToken) => (context.user ? { ...context.user, ...token } : null),
    }),
    clearUser: assign({ user: null }),
    persistUser: ({ context }) => {
      if (context.user) writeStoredUser(context.user);
    },
    clearStorage: () => clearStoredUser(),
    // Both are replaced by the router's navigate in session.ts; a full page load is the fallback.
    navigateHome: () => globalThis.location?.assign('/'),
    navigateToSuccessUrl: () => globalThis.location?.assign(SIGN_IN_SUCCESS_URL),
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
    tokenExpired: ({ context, event }) => event.type === 'TOKEN_NEEDED' && context.user !== null && event.now >= context.user.expirationTime,
    userGone: ({ event }) => {
      const code = (event as { error?: { code?: unknown } }).error?.code;
      return typeof code === 'string' && SIGNED_OUT_ERROR_CODES.includes(code);
    },
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ user: input?.user ?? null }),
  initial: 'signedOut',
  states: {
    signedOut: {
      // A session cached in local storage paints the signed-in header at once; the provider confirms it later.
      always: { guard: 'hasUser', target: 'signedIn' },
      on: {
        OPEN_MODAL: 'modalOpen',
        SIGNED_IN: {
          target: 'signedIn',
          actions: [{ type: 'setUser', params: ({ event }) => event.user }, 'persistUser'],
        },
      },
    },
    modalOpen: {
      on: {
        CLOSE_MODAL: 'signedOut',
        SIGNED_IN: {
          target: 'signedIn',
          actions: [{ type: 'setUser', params: ({ event }) => event.user }, 'persistUser', 'navigateToSuccessUrl'],
        },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      on: {
        SIGNED_IN: { actions: [{ type: 'setUser', params: ({ event }) => event.user }, 'persistUser'] },
        SIGNED_OUT: { target: 'signedOut', actions: ['clearUser', 'clearStorage', 'navigateHome'] },
        LOG_OUT: 'signingOut',
        TOKEN_NEEDED: { guard: 'tokenExpired', target: 'refreshing' },
      },
    },
    refreshing: {
      // Still signed in: the old token stands until the new one arrives.
      tags: ['signedIn'],
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'setToken', params: ({ event }) => event.output }, 'persistUser'],
        },
        onError: [
          { guard: 'userGone', target: 'signedOut', actions: ['clearUser', 'clearStorage', 'navigateHome'] },
          // Offline or a provider hiccup: keep the old token; the server's 401 sends the user to /login if it is refused.
          { target: 'signedIn' },
        ],
      },
      on: {
        SIGNED_IN: { target: 'signedIn', actions: [{ type: 'setUser', params: ({ event }) => event.user }, 'persistUser'] },
        SIGNED_OUT: { target: 'signedOut', actions: ['clearUser', 'clearStorage', 'navigateHome'] },
        LOG_OUT: 'signingOut',
      },
    },
    signingOut: {
      // The session is gone for the user at once; the provider's sign-out finishes in the background.
      entry: ['clearUser', 'clearStorage', 'navigateHome'],
      invoke: { id: 'providerSignOut', src: 'providerSignOut', onDone: 'signedOut', onError: 'signedOut' },
      on: { SIGNED_OUT: 'signedOut' },
    },
  },
});

/** The tags components read instead of listing states: `signedIn` holds in signedIn and refreshing. */
export type AuthTag = 'signedIn';

/** The machine's state values, for components that only show one of them. */
export type AuthStateValue = 'signedOut' | 'modalOpen' | 'signedIn' | 'refreshing' | 'signingOut';
