// Loaded lazily: everything that imports firebase lives behind a dynamic import (the home page must not load it).
import { initializeApp, getApps } from 'firebase/app';
import { connectAuthEmulator, getAuth, onIdTokenChanged, signOut, type Auth, type User } from 'firebase/auth';
import { loadAppConfig, type AppConfig } from '../../api/appConfig';
import type { AuthUser, FreshToken } from '../../machines/auth.machine';

/** The initialised provider. */
export interface FirebaseAuthHandle {
  auth: Auth;
  config: AppConfig;
}

/** Initialises the Firebase app and Auth for a config, connecting the Auth Emulator when it names one. */
export function initFirebaseAuth(config: AppConfig): FirebaseAuthHandle {
  const app = getApps()[0] ?? initializeApp(config.firebase);
  const auth = getAuth(app);
  if (config.authEmulatorUrl && !auth.emulatorConfig) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  return { auth, config };
}

let loading: Promise<FirebaseAuthHandle> | null = null;

/** The app's provider, initialised once from /app-config.json; a failed load is retried on the next call. */
export function loadFirebaseAuth(): Promise<FirebaseAuthHandle> {
  loading ??= loadAppConfig()
    .then(initFirebaseAuth)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** Turns a provider user into the client's user, reading (or, with force, renewing) the ID token. */
export async function toAuthUser(user: User, force = false): Promise<AuthUser> {
  const token = await user.getIdTokenResult(force);
  return {
    displayName: user.displayName,
    email: user.email,
    accessToken: token.token,
    expirationTime: Date.parse(token.expirationTime),
  };
}

/** Gets a new ID token from the signed-in user (docs/specification.md section 4's refresh). */
export async function refreshIdToken(auth: Auth): Promise<FreshToken> {
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) throw Object.assign(new Error('Nobody is signed in'), { code: 'auth/no-current-user' });
  const { accessToken, expirationTime } = await toAuthUser(user, true);
  return { accessToken, expirationTime };
}

/** Reports the provider's user (or null) on every sign-in, sign-out and token change. */
export function watchIdToken(auth: Auth, report: (user: AuthUser | null) => void): () => void {
  let latest = 0;
  return onIdTokenChanged(auth, (user) => {
    // Reading the token is async: a change that comes later must not be overtaken by an earlier one.
    const change = ++latest;
    if (!user) return report(null);
    toAuthUser(user).then(
      (authUser) => change === latest && report(authUser),
      (error: unknown) => console.warn('Could not read the ID token', error),
    );
  });
}

/** Signs out of the provider once it has restored any stored user. */
export async function signOutOfProvider(auth: Auth): Promise<void> {
  await auth.authStateReady();
  await signOut(auth);
}
