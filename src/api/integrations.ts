import type { ApiSuccess } from './contract';
import { API_PATHS, apiPath } from './contract';
import { http } from './client';
import type { DocumentContent, DocumentWithContent } from './documentSchemas';
import type { AccessTokenScope } from './contract';
import type { AccessTokenSummary, CreatedAccessToken, EditSession } from './integrationSchemas';

export type { AccessTokenSummary, CreatedAccessToken, EditSession } from './integrationSchemas';

/** The caller's personal access tokens (never their tokens). */
export async function listAccessTokens() {
  return (await http.get<ApiSuccess<{ items: AccessTokenSummary[] }>>(API_PATHS.accessTokens)).data.data.items;
}

/** Makes a personal access token; the answer holds the token, this once. */
export async function createAccessToken(request: { name: string; scopes: AccessTokenScope[]; expires_in_days?: number }) {
  return (await http.post<ApiSuccess<CreatedAccessToken>>(API_PATHS.accessTokens, request)).data.data;
}

/** Revokes a personal access token at once. */
export async function revokeAccessToken(id: string) {
  await http.delete(apiPath(API_PATHS.accessToken, { id }));
}

/** One edit session, answered at once (waitS 0) or when it changes. */
export async function getEditSession(id: string, waitS = 0, signal?: AbortSignal) {
  return (await http.get<ApiSuccess<EditSession>>(apiPath(API_PATHS.editSession, { id }), { data: { wait_s: waitS }, signal })).data.data;
}

/** Sends the edited document back to the run waiting in the session (save it first). */
export async function sendEditSession(id: string) {
  return (await http.post<ApiSuccess<EditSession>>(apiPath(API_PATHS.editSessionSend, { id }))).data.data;
}

/** One document of the account with its content. */
export async function fetchAccountDocument(id: string) {
  return (await http.get<ApiSuccess<DocumentWithContent>>(apiPath(API_PATHS.document, { id }))).data.data;
}

/** Saves a document's content over the version it was made from (a 409 when another save came first). */
export async function saveAccountDocument(id: string, content: DocumentContent, version: number) {
  return (await http.put<ApiSuccess<DocumentWithContent>>(apiPath(API_PATHS.document, { id }), { content, version })).data.data;
}
