/** Where tokens come from: a real Firebase project, or the Auth Emulator by default. */
export interface FirebaseSettings {
  projectId: string;
  apiKey: string;
  authDomain: string;
  /** host:port of the Auth Emulator, or null with a real Firebase project. */
  emulatorHost: string | null;
  /** Emulator URL as the browser should reach it, or null with a real project. */
  emulatorPublicUrl: string | null;
}

export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';
export const DEMO_PROJECT_ID = 'demo-posecraft';

/** Reads the Firebase settings; the emulator is used unless a real project is configured. */
export function loadFirebaseSettings(env: NodeJS.ProcessEnv, production: boolean): FirebaseSettings {
  const realProject = Boolean(env.FIREBASE_API_KEY && env.FIREBASE_PROJECT_ID);
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || (realProject ? null : DEFAULT_EMULATOR_HOST);
  if (production && emulatorHost) {
    throw new Error(
      'Refusing to start: NODE_ENV=production with the Firebase Auth Emulator, whose tokens are unsigned. ' +
        'Set FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN and FIREBASE_PROJECT_ID, and unset FIREBASE_AUTH_EMULATOR_HOST.',
    );
  }
  const projectId = env.FIREBASE_PROJECT_ID || DEMO_PROJECT_ID;
  return {
    projectId,
    apiKey: env.FIREBASE_API_KEY || 'demo-api-key',
    authDomain: env.FIREBASE_AUTH_DOMAIN || (realProject ? `${projectId}.firebaseapp.com` : 'localhost'),
    emulatorHost,
    emulatorPublicUrl: emulatorHost ? env.AUTH_EMULATOR_PUBLIC_URL || `http://${emulatorHost}` : null,
  };
}
