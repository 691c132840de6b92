import i18n from 'i18next';
import { connectHttpClient } from '../api/httpHooks';
import { navigate } from './navigation';
import { notify } from './notify/notifications';

/** Connects the API's HTTP client to the UI: failures become notifications, a 401 moves the router. */
export function connectApiToUi(): void {
  connectHttpClient({ notify, navigate, loginWarning: () => i18n.t('api.loginFirst') });
}
