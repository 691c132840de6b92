import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { ApiError } from '../http/envelope.js';
import { ERROR_CODES } from '../../src/api/contract.js';
import type { FirebaseSettings } from './firebaseConfig.js';
import type { TokenGrant } from './accessTokenStore.js';

/** The signed-in caller, as the API routes see them. */
export interface AuthUser {
  uid: string;
  email: string | null;
  name: string | null;
  /** Set when the call came with a personal access token rather than a Firebase sign-in. */
  grant?: TokenGrant | undefined;
}

/** Checks Firebase ID tokens; one per server. */
export interface TokenVerifier {
  verify(token: string): Promise<AuthUser>;
  close(): Promise<void>;
}

const MAX_CACHED = 10_000;
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]*$/;

function unauthorized(description: string): ApiError {
  return new ApiError(401, ERROR_CODES.unauthorized, description);
}

function describeFailure(code: string | undefined): string {
  switch (code) {
    case 'auth/id-token-expired':
      return 'The access token has expired; sign in again';
    case 'auth/id-token-revoked':
      return 'The access token has been revoked; sign in again';
    case 'auth/user-disabled':
      return 'This account is disabled';
    case 'auth/user-not-found':
      return 'The access token names no known user';
    default:
      return 'The access token is not valid';
  }
}

/** Creates the verifier: firebase-admin against the emulator or the real project. */
export function createTokenVerifier(settings: FirebaseSettings): TokenVerifier {
  // firebase-admin reads the emulator address from the environment only.
  if (settings.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = settings.emulatorHost;
  const credentials = process.env.FIREBASE_SERVICE_ACCOUNT_JSON;
  const app: App = initializeApp(
    { projectId: settings.projectId, ...(credentials ? { credential: cert(JSON.parse(credentials)) } : {}) },
    `posecraft-${Math.random().toString(36).slice(2)}`,
  );
  const auth = getAuth(app);
  // Verified tokens are remembered for recheckMs (at most until they expire), so a busy client costs
  // one check a minute per token; every check asks whether the account was revoked, disabled or deleted.
  const cache = new Map<string, { user: AuthUser; expiresAt: number }>();

  // A check already under way for a token is shared: a burst of calls and sockets with one token
  // costs one check, and they are answered in the order they asked (a socket past the per-account
  // cap is then the newest one, not whichever check happened to finish last).
  const checking = new Map<string, Promise<AuthUser>>();

  async function check(token: string): Promise<AuthUser> {
    let decoded;
    try {
      decoded = await auth.verifyIdToken(token, true);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // Firebase (or the emulator) not answering says nothing about the token: 503, so the client
      // keeps its session and tries again, instead of a 401 that would sign the user out.
      if (code === 'app/network-error' || code === 'app/network-timeout') {
        throw new ApiError(503, ERROR_CODES.unavailable, 'Sign-in cannot be checked right now (the identity service does not answer); try again in a moment');
      }
      throw unauthorized(describeFailure(code));
    }
    const user: AuthUser = { uid: decoded.uid, email: decoded.email ?? null, name: (decoded.name as string | undefined) ?? null };
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(token, { user, expiresAt: Math.min(decoded.exp * 1000, Date.now() + settings.recheckMs) });
    return user;
  }

  return {
    verify(token) {
      if (!JWT_SHAPE.test(token)) return Promise.reject(unauthorized('The access token is malformed'));
      const hit = cache.get(token);
      if (hit && hit.expiresAt > Date.now()) return Promise.resolve(hit.user);
      let pending = checking.get(token);
      if (!pending) {
        const started = check(token).finally(() => checking.delete(token));
        checking.set(token, started);
        pending = started;
      }
      return pending;
    },
    close: () => deleteApp(app),
  };
}
