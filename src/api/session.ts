/**
 * The client's hooks into sign-in, set by the auth module when it loads, so the HTTP client
 * needs no Firebase code and the first page stays light.
 */

/** The two local storage items of SPEC.md section 3. */
export const TOKEN_KEY = 'access_token';
export const TOKEN_EXPIRY_KEY = 'access_token_expiration_time';

type FreshTokenProvider = () => Promise<string | null>;

let provideFreshToken: FreshTokenProvider = async () => globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;

/** Lets the auth module refresh an expired token before each request (SPEC.md section 4). */
export function setFreshTokenProvider(provider: FreshTokenProvider): void {
  provideFreshToken = provider;
}

/** The token to send with the next request, refreshed first when it has expired. */
export function freshToken(): Promise<string | null> {
  return provideFreshToken();
}

/** Removes the stored token after the server refused it. */
export function forgetToken(): void {
  globalThis.localStorage?.removeItem(TOKEN_KEY);
  globalThis.localStorage?.removeItem(TOKEN_EXPIRY_KEY);
}
