import { API_PATHS } from './contract';

/** GET /app-config.json: what the page needs from the server at run time, before anyone signs in. */
export interface AppConfig {
  /** The public Firebase web settings. */
  firebase: { apiKey?: string; authDomain?: string; projectId?: string };
  /** The Auth Emulator's URL, or null with real Firebase Auth. */
  authEmulatorUrl: string | null;
  /** The operator's limits the page checks before sending anything (the server checks them again). */
  limits: {
    /** Largest photo for photo to pose, in bytes: the smaller of UPLOAD_MAX_MB and ESTIMATOR_MAX_MB. */
    photoMaxBytes: number;
  };
}

/**
 * Fetches the run-time settings from our server. Plain fetch, not the HTTP client: sign-in needs it
 * before there is a token, and the client would warn that nobody is signed in.
 */
export async function fetchAppConfig(): Promise<AppConfig> {
  const res = await fetch(API_PATHS.appConfig, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${API_PATHS.appConfig} answered ${res.status}`);
  return (await res.json()) as AppConfig;
}

let loading: Promise<AppConfig> | null = null;

/** The run-time settings, fetched once for the page and shared (sign-in, the photo limit); a failed fetch is tried again on the next call. */
export function loadAppConfig(): Promise<AppConfig> {
  loading ??= fetchAppConfig().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
