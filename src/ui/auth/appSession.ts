import { useSelector } from '@xstate/react';
import type { AuthStateValue, AuthUser } from '../../machines/auth.machine';
import { inspectFromStart } from '../../machines/inspector';
import { setFreshTokenProvider } from '../../api/session';
import { navigate } from '../navigation';
import { createAuthSession } from './session';

// This module is in the main bundle: it must not import firebase, only reach it through dynamic imports.
const loadProvider = async () => {
  const firebase = await import('./firebaseAuth');
  return { firebase, handle: await firebase.loadFirebaseAuth() };
};

/** The app's one auth session, started from what local storage holds. */
export const authSession = createAuthSession({
  navigate: (path) => navigate(path),
  // This actor starts on import, before the inspector (development only) connects.
  inspect: inspectFromStart,
  provider: {
    async refresh() {
      void startProviderSync();
      const { firebase, handle } = await loadProvider();
      return firebase.refreshIdToken(handle.auth);
    },
    async signOut() {
      const { firebase, handle } = await loadProvider();
      await firebase.signOutOfProvider(handle.auth);
    },
  },
});

let syncing: Promise<void> | null = null;

/** Loads firebase once and keeps the auth machine in step with the provider's user from then on. */
export function startProviderSync(): Promise<void> {
  syncing ??= loadProvider()
    .then(({ firebase, handle }) => {
      firebase.watchIdToken(handle.auth, (user) => authSession.actor.send(user ? { type: 'SIGNED_IN', user } : { type: 'SIGNED_OUT' }));
      // The test hook exists only against the Auth Emulator, whose tokens production refuses anyway.
      if (handle.config.authEmulatorUrl) {
        void import('./emulatorTestHook').then((hook) => hook.installEmulatorTestHook(handle.auth, ensureFreshToken));
      }
    })
    .catch((error: unknown) => {
      syncing = null;
      console.warn('Sign-in is unavailable for now', error);
    });
  return syncing;
}

/** Returns an access token valid now (refreshed first when expired), or null when nobody is signed in; call before every API request. */
export function ensureFreshToken(): Promise<string | null> {
  return authSession.ensureFreshToken();
}

// The HTTP client asks for its token through this hook, so it needs no auth (or firebase) import itself.
setFreshTokenProvider(ensureFreshToken);

/** The signed-in user (displayName, email, accessToken, expirationTime), or null. */
export function getCurrentUser(): AuthUser | null {
  return authSession.currentUser();
}

/** Logs out: clears the session, goes to "/", and signs out of the provider. */
export function signOut(): void {
  authSession.actor.send({ type: 'LOG_OUT' });
}

/** Opens the sign-in modal. */
export function openSignIn(): void {
  authSession.actor.send({ type: 'OPEN_MODAL' });
}

/** Closes the sign-in modal. */
export function closeSignIn(): void {
  authSession.actor.send({ type: 'CLOSE_MODAL' });
}

/** Reports a user the widget has just signed in, with the profile it completed (display name). */
export function reportSignedIn(user: AuthUser): void {
  authSession.actor.send({ type: 'SIGNED_IN', user });
}

/** The auth state, whether someone is signed in (the machine's `signedIn` tag) and the user, re-rendering on a change. */
export function useAuth(): { state: AuthStateValue; signedIn: boolean; user: AuthUser | null } {
  const state = useSelector(authSession.actor, (s) => s.value as AuthStateValue);
  const signedIn = useSelector(authSession.actor, (s) => s.hasTag('signedIn'));
  const user = useSelector(authSession.actor, (s) => s.context.user);
  return { state, signedIn, user };
}
