// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../src/api/contract';
import { clearStoredUser, readStoredUser, writeStoredUser } from '../../../src/machines/auth.machine';
import { avatarLetter } from '../../../src/ui/auth/avatarLetter';
import { returnPath } from '../../../src/ui/auth/returnPath';

beforeEach(() => localStorage.clear());

describe('the stored session', () => {
  it('writes the two SPEC items and the profile, and reads them back', () => {
    const user = { displayName: 'ada', email: 'ada@example.com', accessToken: 't', expirationTime: 123 };
    writeStoredUser(user);
    expect(localStorage.getItem('access_token')).toBe('t');
    expect(localStorage.getItem('access_token_expiration_time')).toBe('123');
    expect(readStoredUser()).toEqual(user);
    clearStoredUser();
    expect(Object.values(STORAGE_KEYS).map((k) => localStorage.getItem(k))).toEqual([null, null, null]);
    expect(readStoredUser()).toBeNull();
  });

  it('reads a date-string expiration, and treats a missing or damaged one as expired', () => {
    localStorage.setItem('access_token', 't');
    localStorage.setItem('access_token_expiration_time', 'Tue, 01 Jan 2030 00:00:00 GMT');
    localStorage.setItem('posecraft_auth_profile', '{not json');
    expect(readStoredUser()).toEqual({ accessToken: 't', expirationTime: Date.UTC(2030, 0, 1), displayName: null, email: null });
    localStorage.removeItem('access_token_expiration_time');
    expect(readStoredUser()?.expirationTime).toBe(0);
  });
});

describe('avatarLetter', () => {
  it('takes the display name, else the e-mail, upper-cased', () => {
    expect(avatarLetter({ displayName: 'ada', email: 'x@example.com' })).toBe('A');
    expect(avatarLetter({ displayName: null, email: 'zed@example.com' })).toBe('Z');
    expect(avatarLetter({ displayName: '  ', email: null })).toBe('?');
    expect(avatarLetter({ displayName: '王小明', email: null })).toBe('王');
    expect(avatarLetter({ displayName: '𠀀abc', email: null })).toBe('𠀀');
  });
});

describe('returnPath', () => {
  const path = (query: string) => returnPath(new URLSearchParams(query));
  it('returns our own paths and defaults to /pose', () => {
    expect(path('')).toBe('/pose');
    expect(path('redirect=/edit')).toBe('/edit');
    expect(path('signInSuccessUrl=%2Fpose%3Fx%3D1')).toBe('/pose?x=1');
  });
  it('refuses other sites and /login itself', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/login?x=1']) {
      expect(path(`redirect=${encodeURIComponent(bad)}`), bad).toBe('/pose');
    }
  });
});
