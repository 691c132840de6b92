import type { FastifyInstance } from 'fastify';
import { ACCESS_TOKEN_LIMITS, API_PATHS, ERROR_CODES } from '../../src/api/contract.js';
import { createAccessTokenRequest, uuidParams, type CreatedAccessToken } from '../../src/api/integrationSchemas.js';
import { AccessTokenStore, newToken, toTokenSummary } from '../auth/accessTokenStore.js';
import { ApiError, sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { callerOf, parseRequest } from './validation.js';

/**
 * /v1/access_tokens: a signed-in user's personal access tokens — make one (its token answered this
 * once, stored as its SHA-256), list them, revoke one. A token itself cannot reach these routes
 * (server/auth/tokenRoutes.ts).
 */
export async function accessTokenRoutes(app: FastifyInstance, { runtime }: { runtime: GenerationRuntime }): Promise<void> {
  const store = async () => new AccessTokenStore((await runtime.open()).db);

  app.post(API_PATHS.accessTokens, { bodyLimit: 4096 }, async (request, reply) => {
    const user = callerOf(request);
    const body = parseRequest(createAccessTokenRequest, request.body);
    const token = newToken();
    const row = await (await store()).insert(user.uid, body.name, body.scopes, body.expires_in_days, token);
    if (!row) {
      const max = ACCESS_TOKEN_LIMITS.perUser;
      throw new ApiError(409, ERROR_CODES.conflict, `Your account holds ${max} access tokens, the most allowed; revoke one you no longer use first`);
    }
    return sendData(reply, { ...toTokenSummary(row), token } satisfies CreatedAccessToken);
  });

  app.get(API_PATHS.accessTokens, async (request, reply) => {
    const rows = await (await store()).list(callerOf(request).uid);
    return sendData(reply, { items: rows.map(toTokenSummary) });
  });

  app.delete(API_PATHS.accessToken, async (request, reply) => {
    const { id } = parseRequest(uuidParams, request.params);
    if (!(await (await store()).delete(callerOf(request).uid, id))) throw new ApiError(404, ERROR_CODES.notFound, `No access token ${id} in your account`);
    return sendData(reply, { id });
  });
}
