import { createHttpClient } from './http';
import { httpHooks } from './httpHooks';

/** The product's one HTTP client: same-origin API unless VITE_API_BASE says otherwise. */
export const http = createHttpClient({
  baseURL: import.meta.env.VITE_API_BASE ?? '',
  loginWarning: () => httpHooks().loginWarning(),
  notify: (type, message) => httpHooks().notify(type, message),
  navigate: (path) => httpHooks().navigate(path),
});
