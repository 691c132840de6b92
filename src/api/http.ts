import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { failureFollowUp, failureMessage } from './failures';
import { registerRequest, releaseRequest } from './requestRegistry';
import { forgetToken, freshToken } from './session';

/** Request timeout of docs/specification.md section 9. */
export const REQUEST_TIMEOUT_MS = 300_000;
/** The follow-up to a failure waits until its 2 s notification has been read. */
export const FOLLOW_UP_DELAY_MS = 2000;

/** The kinds of message the client shows the user. */
export type HttpNotice = 'error' | 'warning';

/** What the client is handed from outside: where the API is, and how to tell the user and move the page. */
export interface HttpEnvironment {
  baseURL: string;
  /** Translated "Please log in first". */
  loginWarning(): string;
  /** Shows the user a message (docs/specification.md section 8: every failure is shown). */
  notify(type: HttpNotice, message: string): void;
  /** Sends the browser to a path of ours. */
  navigate(path: string): void;
}

type TrackedConfig = InternalAxiosRequestConfig & { abortKey?: string; abortController?: AbortController };

/** Whether a request goes to our API (a relative path, or under baseURL): only those carry the token, never a presigned S3 URL. */
function isOurs(url: string | undefined, baseURL: string): boolean {
  if (!url || !/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return true;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(baseURL) && url.startsWith(baseURL);
}

function keyOf(config: InternalAxiosRequestConfig): string {
  return config.url ?? '';
}

/** Builds the one axios instance of the product, with the interceptors of docs/specification.md sections 4, 7 and 8. */
export function createHttpClient(env: HttpEnvironment): AxiosInstance {
  const client = axios.create({ baseURL: env.baseURL, timeout: REQUEST_TIMEOUT_MS });

  client.interceptors.request.use(
    async (config: TrackedConfig) => {
      if (isOurs(config.url, env.baseURL)) {
        const token = await freshToken();
        if (token) config.headers.set('Authorization', `Bearer ${token}`);
        else env.notify('warning', env.loginWarning());
      }
      // GET payloads travel as query parameters.
      if (config.method?.toLowerCase() === 'get' && config.data !== undefined) {
        config.params = { ...config.params, ...config.data };
        config.data = undefined;
      }
      if (!config.signal) {
        config.abortKey = keyOf(config);
        config.abortController = registerRequest(config.abortKey);
        config.signal = config.abortController.signal;
      }
      return config;
    },
    (error: Error) => {
      env.notify('error', error.message);
      return Promise.reject(error);
    },
  );

  const release = (config: TrackedConfig | undefined) => {
    if (config?.abortKey && config.abortController) releaseRequest(config.abortKey, config.abortController);
  };

  client.interceptors.response.use(
    (response) => {
      release(response.config);
      return response;
    },
    (error: AxiosError) => {
      release(error.config);
      if (axios.isCancel(error)) return Promise.reject(error);
      if (!error.config) {
        // The request never left: it failed while being prepared.
        env.notify('error', error.message);
        return Promise.reject(error);
      }
      env.notify('error', failureMessage(error as AxiosError<never>));
      const followUp = failureFollowUp(error);
      setTimeout(() => {
        if (followUp === 'signIn') {
          forgetToken();
          env.navigate('/login');
        } else if (followUp === 'log') {
          console.warn('Network Error', error.config?.url);
        }
      }, FOLLOW_UP_DELAY_MS);
      return Promise.reject(error);
    },
  );
  return client;
}
