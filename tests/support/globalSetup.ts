import { ensureAuthEmulator, type RunningEmulator } from '../../server/cli/authEmulator';
import { DEFAULT_EMULATOR_HOST, DEMO_PROJECT_ID } from '../../server/auth/firebaseConfig';

let emulator: RunningEmulator | undefined;

/** Starts the Auth Emulator once for the whole test run (or reuses a running one). */
export default async function setup(): Promise<() => Promise<void>> {
  emulator = await ensureAuthEmulator(process.env.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_EMULATOR_HOST, DEMO_PROJECT_ID);
  return async () => emulator?.stop();
}
