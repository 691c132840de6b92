import { API_PATHS, type AccessTokenScope } from '../../src/api/contract.js';

/**
 * The routes a personal access token may call, each with the scope it needs (docs/design.md, the
 * ComfyUI contract); every other route refuses a token with 403. Managing tokens, and sending an
 * edit back, take a Firebase sign-in.
 */
export const TOKEN_ROUTES: ReadonlyMap<string, AccessTokenScope> = new Map([
  [`GET ${API_PATHS.documents}`, 'documents:read'],
  [`GET ${API_PATHS.document}`, 'documents:read'],
  [`POST ${API_PATHS.documentRender}`, 'documents:read'],
  [`POST ${API_PATHS.editSessions}`, 'documents:write'],
  [`GET ${API_PATHS.editSession}`, 'documents:write'],
  [`POST ${API_PATHS.editSessionCancel}`, 'documents:write'],
]);

/** The scope a token needs for a route, or null when no token may call it. */
export function tokenScopeOf(method: string, route: string): AccessTokenScope | null {
  return TOKEN_ROUTES.get(`${method === 'HEAD' ? 'GET' : method} ${route}`) ?? null;
}
