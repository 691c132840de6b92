// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import { createTokenVerifier, type TokenVerifier } from '../../../server/auth/verifier';
import { loadFirebaseSettings } from '../../../server/auth/firebaseConfig';
import { STORAGE_KEYS } from '../../../src/api/contract';
import { writeStoredUser } from '../../../src/machines/auth.machine';
import { initFirebaseAuth, refreshIdToken, signOutOfProvider, toAuthUser } from '../../../src/ui/auth/firebaseAuth';
import { createAuthSession } from '../../../src/ui/auth/session';
import { createTestUser, EMULATOR_URL } from '../../support/emulator';

// The real firebase SDK against the Auth Emulator (started by the Vitest global set-up), with a clock we control.

let auth: Auth;
let verifier: TokenVerifier;

beforeAll(() => {
  ({ auth } = initFirebaseAuth({
    firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-posecraft' },
    authEmulatorUrl: EMULATOR_URL,
    limits: { photoMaxBytes: 10 * 1024 * 1024 },
  }));
  verifier = createTokenVerifier(loadFirebaseSettings({ AUTH_EMULATOR: '1' }, false, '127.0.0.1'));
});
afterAll(() => verifier.close());

describe('ensureFreshToken against the Auth Emulator', () => {
  it('hands out the current token until it expires, then a new one the server accepts', async () => {
    const tester = await createTestUser('refresh');
    await signInWithEmailAndPassword(auth, tester.email, tester.password);
    const user = await toAuthUser(auth.currentUser!);
    writeStoredUser(user);
    let now = user.expirationTime - 1;
    const session = createAuthSession({
      provider: { refresh: () => refreshIdToken(auth), signOut: () => signOutOfProvider(auth) },
      now: () => now,
      navigate: () => {},
      user,
    });

    expect(await session.ensureFreshToken()).toBe(user.accessToken);

    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new token differs once its iat second has moved on
    now = user.expirationTime;
    const fresh = await session.ensureFreshToken();
    expect(fresh).not.toBe(user.accessToken);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(fresh);
    expect(Number(localStorage.getItem(STORAGE_KEYS.expirationTime))).toBeGreaterThan(user.expirationTime);
    expect(await verifier.verify(fresh!)).toMatchObject({ uid: tester.uid, email: tester.email });
  });

  it('signs out when the provider has nobody to refresh', async () => {
    await signOutOfProvider(auth);
    const paths: string[] = [];
    const session = createAuthSession({
      provider: { refresh: () => refreshIdToken(auth), signOut: () => signOutOfProvider(auth) },
      now: () => Number.MAX_SAFE_INTEGER,
      navigate: (path) => paths.push(path),
      user: { displayName: null, email: 'x@example.com', accessToken: 'stale', expirationTime: 0 },
    });
    expect(await session.ensureFreshToken()).toBeNull();
    expect(paths).toEqual(['/']);
  });
});
