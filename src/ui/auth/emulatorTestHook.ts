// Loaded only when /app-config.json names an Auth Emulator: lets end-to-end tests take paths a browser
// cannot take offline (the Google popup needs apis.google.com) and call the token check directly.
import { GoogleAuthProvider, signInWithCredential, type Auth } from 'firebase/auth';

/** Claims of a fake Google account, as the Auth Emulator accepts them in an ID-token credential. */
export interface FakeGoogleAccount {
  sub: string;
  email: string;
  name?: string;
}

/** What the hook exposes on window.__posecraftAuthTest. */
export interface AuthTestHook {
  signInWithGoogle(account: FakeGoogleAccount): Promise<void>;
  ensureFreshToken(): Promise<string | null>;
}

declare global {
  interface Window {
    __posecraftAuthTest?: AuthTestHook;
  }
}

/** Installs window.__posecraftAuthTest; call only in emulator mode. */
export function installEmulatorTestHook(auth: Auth, ensureFreshToken: () => Promise<string | null>): void {
  window.__posecraftAuthTest = {
    async signInWithGoogle(account) {
      const idToken = JSON.stringify({ ...account, email_verified: true });
      await signInWithCredential(auth, GoogleAuthProvider.credential(idToken));
    },
    ensureFreshToken,
  };
}
