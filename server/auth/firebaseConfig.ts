import { envNumber } from '../envNumber.js';

/** Where tokens come from: a real Firebase project, or the Auth Emulator by default. */
export interface FirebaseSettings {
  projectId: string;
  apiKey: string;
  authDomain: string;
  /** host:port of the Auth Emulator, or null with a real Firebase project. */
  emulatorHost: string | null;
  /** Emulator URL as the browser should reach it, or null with a real project. */
  emulatorPublicUrl: string | null;
  /** How long a checked token is trusted before the account is asked about again (revoked, disabled, deleted). */
  recheckMs: number;
}

export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';
export const DEMO_PROJECT_ID = 'demo-posecraft';

/** Whether a listen address reaches only this machine. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const USE_REAL_PROJECT = 'Set FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN and FIREBASE_PROJECT_ID, and unset AUTH_EMULATOR and FIREBASE_AUTH_EMULATOR_HOST.';

/**
 * Reads the Firebase settings. The Auth Emulator (whose tokens are unsigned: anyone can forge one)
 * needs an explicit opt-in (AUTH_EMULATOR=1 or FIREBASE_AUTH_EMULATOR_HOST), and is refused in
 * production and on a server listening beyond loopback.
 */
export function loadFirebaseSettings(env: NodeJS.ProcessEnv, production: boolean, host: string): FirebaseSettings {
  const realProject = Boolean(env.FIREBASE_API_KEY && env.FIREBASE_PROJECT_ID);
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || (env.AUTH_EMULATOR === '1' ? DEFAULT_EMULATOR_HOST : null);
  if (emulatorHost && production) {
    throw new Error(
      `Refusing to start: the Firebase Auth Emulator in production (NODE_ENV=${env.NODE_ENV ?? 'unset'}; only development and test are not). ${USE_REAL_PROJECT}`,
    );
  }
  if (emulatorHost && !isLoopback(host)) {
    throw new Error(
      `Refusing to start: the Firebase Auth Emulator on a server listening on ${host}, beyond this machine. Listen on 127.0.0.1, or: ${USE_REAL_PROJECT}`,
    );
  }
  if (!emulatorHost && !realProject) {
    throw new Error(
      `Refusing to start: no sign-in configured. ${USE_REAL_PROJECT} For local development: NODE_ENV=development AUTH_EMULATOR=1 (npm start sets both).`,
    );
  }
  const projectId = env.FIREBASE_PROJECT_ID || DEMO_PROJECT_ID;
  return {
    projectId,
    apiKey: env.FIREBASE_API_KEY || 'demo-api-key',
    authDomain: env.FIREBASE_AUTH_DOMAIN || (realProject ? `${projectId}.firebaseapp.com` : 'localhost'),
    emulatorHost,
    emulatorPublicUrl: emulatorHost ? env.AUTH_EMULATOR_PUBLIC_URL || `http://${emulatorHost}` : null,
    recheckMs: envNumber(env, 'AUTH_RECHECK_S', 60, 0.1, 60) * 1000,
  };
}
