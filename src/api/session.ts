/**
 * The client's hooks into sign-in, set by the auth module when it loads, so the HTTP client
 * needs no Firebase code and the first page stays light.
 */

import { STORAGE_KEYS } from './contract';

type FreshTokenProvider = () => Promise<string | null>;

let provideFreshToken: FreshTokenProvider = async () => globalThis.localStorage?.getItem(STORAGE_KEYS.accessToken) ?? null;

/** Lets the auth module refresh an expired token before each request (docs/specification.md section 4). */
export function setFreshTokenProvider(provider: FreshTokenProvider): void {
  provideFreshToken = provider;
}

/** The token to send with the next request, refreshed first when it has expired. */
export function freshToken(): Promise<string | null> {
  return provideFreshToken();
}

/** Removes the stored token after the server refused it. */
export function forgetToken(): void {
  globalThis.localStorage?.removeItem(STORAGE_KEYS.accessToken);
  globalThis.localStorage?.removeItem(STORAGE_KEYS.expirationTime);
}
