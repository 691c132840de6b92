import { API_PATHS } from './contract';

/** GET /app-config.json: the public Firebase web settings our server hands the browser at run time. */
export interface AppConfig {
  firebase: { apiKey?: string; authDomain?: string; projectId?: string };
  /** The Auth Emulator's URL, or null with real Firebase Auth. */
  authEmulatorUrl: string | null;
}

/**
 * Fetches the run-time Firebase settings from our server. Plain fetch, not the HTTP client: sign-in
 * needs it before there is a token, and the client would warn that nobody is signed in.
 */
export async function fetchAppConfig(): Promise<AppConfig> {
  const res = await fetch(API_PATHS.appConfig, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${API_PATHS.appConfig} answered ${res.status}`);
  return (await res.json()) as AppConfig;
}
