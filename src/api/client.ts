import i18n from 'i18next';
import { navigate } from '../ui/navigation';
import { createHttpClient } from './http';

/** The product's one HTTP client: same-origin API unless VITE_API_BASE says otherwise. */
export const http = createHttpClient({
  baseURL: import.meta.env.VITE_API_BASE ?? '',
  loginWarning: () => i18n.t('api.loginFirst'),
  navigate,
});
