import { DEFAULT_EMULATOR_HOST, DEMO_PROJECT_ID } from '../../server/auth/firebaseConfig';

/** The Auth Emulator the tests use. */
export const EMULATOR_URL = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_EMULATOR_HOST}`;

/** A user made in the emulator for one test. */
export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
}

let counter = 0;

/** Signs up a fresh e-mail/password user in the Auth Emulator and returns their ID token. */
export async function createTestUser(name = 'tester'): Promise<TestUser> {
  const email = `${name}-${Date.now()}-${counter++}@example.com`;
  const password = 'secret123';
  const res = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true, displayName: name }),
  });
  if (!res.ok) throw new Error(`emulator signUp failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { localId: string; idToken: string; refreshToken: string };
  return { uid: body.localId, email, password, idToken: body.idToken, refreshToken: body.refreshToken };
}

/** Deletes a user from the emulator (their tokens then stop working). */
export async function deleteTestUser(uid: string): Promise<void> {
  const res = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/projects/${DEMO_PROJECT_ID}/accounts:delete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid }),
  });
  if (!res.ok) throw new Error(`emulator delete failed: ${res.status} ${await res.text()}`);
}
