import { envNumber } from '../envNumber.js';

/** How many documents one user may keep in their account (DOCUMENTS_PER_USER_MAX). */
export function loadDocumentsPerUser(env: NodeJS.ProcessEnv): number {
  return envNumber(env, 'DOCUMENTS_PER_USER_MAX', 200, 1, 1_000_000, true);
}
