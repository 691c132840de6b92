// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { STORAGE_KEYS } from '../../../src/api/contract';
import { writeStoredUser, type AuthUser } from '../../../src/machines/auth.machine';
import { createAuthSession, type AuthProvider } from '../../../src/ui/auth/session';

const EXPIRES = 5_000_000;
const USER: AuthUser = { displayName: 'ada', email: 'ada@example.com', accessToken: 'old', expirationTime: EXPIRES };

function setUp(options: { user?: AuthUser | null; refresh?: AuthProvider['refresh'] } = {}) {
  let now = EXPIRES - 1000;
  const provider = {
    refresh: vi.fn(options.refresh ?? (async () => ({ accessToken: 'new', expirationTime: EXPIRES + 3_600_000 }))),
    signOut: vi.fn(async () => {}),
  };
  const navigate = vi.fn();
  const user = options.user === undefined ? USER : options.user;
  if (user) writeStoredUser(user); // as a signed-in page finds it
  const session = createAuthSession({ provider, navigate, now: () => now, user });
  return { session, provider, navigate, setNow: (t: number) => (now = t) };
}

beforeEach(() => localStorage.clear());

describe('ensureFreshToken', () => {
  it('returns null when nobody is signed in, without asking the provider', async () => {
    const { session, provider } = setUp({ user: null });
    expect(await session.ensureFreshToken()).toBeNull();
    expect(provider.refresh).not.toHaveBeenCalled();
  });

  it('returns the stored token while it is valid', async () => {
    const { session, provider } = setUp();
    expect(await session.ensureFreshToken()).toBe('old');
    expect(provider.refresh).not.toHaveBeenCalled();
  });

  it('refreshes a token at its expiration time and stores the new one', async () => {
    const { session, provider, setNow } = setUp();
    setNow(EXPIRES);
    expect(await session.ensureFreshToken()).toBe('new');
    expect(provider.refresh).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new');
    expect(localStorage.getItem(STORAGE_KEYS.expirationTime)).toBe(String(EXPIRES + 3_600_000));
  });

  it('refreshes once for requests made together', async () => {
    const { session, provider, setNow } = setUp();
    setNow(EXPIRES + 10);
    expect(await Promise.all([session.ensureFreshToken(), session.ensureFreshToken(), session.ensureFreshToken()])).toEqual(['new', 'new', 'new']);
    expect(provider.refresh).toHaveBeenCalledTimes(1);
  });

  it('signs out and goes home when the provider has no user any more', async () => {
    const { session, navigate, setNow } = setUp({
      refresh: () => Promise.reject(Object.assign(new Error('gone'), { code: 'auth/no-current-user' })),
    });
    setNow(EXPIRES);
    expect(await session.ensureFreshToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(session.currentUser()).toBeNull();
  });

  it('keeps the old token when the refresh fails for another reason', async () => {
    const { session, navigate, setNow } = setUp({
      refresh: () => Promise.reject(Object.assign(new Error('offline'), { code: 'auth/network-request-failed' })),
    });
    setNow(EXPIRES);
    expect(await session.ensureFreshToken()).toBe('old');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refreshes a token the HTTP client removed after a 401, whatever the clock says', async () => {
    const { session, provider } = setUp();
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.expirationTime);
    expect(await session.ensureFreshToken()).toBe('new');
    expect(provider.refresh).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new');
  });

  it('uses a clock swapped in later', async () => {
    const { session, provider } = setUp();
    session.setClock(() => EXPIRES + 1);
    expect(await session.ensureFreshToken()).toBe('new');
    expect(provider.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('the session', () => {
  it('starts from the user cached in local storage', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'cached');
    localStorage.setItem(STORAGE_KEYS.expirationTime, String(EXPIRES));
    localStorage.setItem(STORAGE_KEYS.profile, JSON.stringify({ displayName: null, email: 'zed@example.com' }));
    const session = createAuthSession({ provider: { refresh: vi.fn(), signOut: vi.fn() } });
    expect(session.actor.getSnapshot().value).toBe('signedIn');
    expect(session.currentUser()).toEqual({ displayName: null, email: 'zed@example.com', accessToken: 'cached', expirationTime: EXPIRES });
  });

  it('logs out: storage cleared, home, and the provider signed out', async () => {
    const { session, provider, navigate } = setUp();
    session.actor.send({ type: 'LOG_OUT' });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    await waitFor(session.actor, (s) => s.matches('signedOut'));
    expect(provider.signOut).toHaveBeenCalledTimes(1);
    expect(await session.ensureFreshToken()).toBeNull();
  });

  it('goes to /pose after a sign-in from the modal', () => {
    const { session, navigate } = setUp({ user: null });
    session.actor.send({ type: 'OPEN_MODAL' });
    session.actor.send({ type: 'SIGNED_IN', user: USER });
    expect(navigate).toHaveBeenCalledWith('/pose');
    expect(session.currentUser()).toEqual(USER);
  });
});
