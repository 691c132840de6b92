import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_LIMITS, API_PATHS } from '../../src/api/contract.js';
import { ApiError } from '../http/envelope.js';
import { ERROR_CODES } from '../../src/api/contract.js';
import type { TokenGrant } from './accessTokenStore.js';
import { tokenScopeOf } from './tokenRoutes.js';
import type { AuthUser, TokenVerifier } from './verifier.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set on every /v1 route that needs sign-in. */
    user: AuthUser | null;
  }
}

/** Paths under /v1 that anyone may call. */
const PUBLIC_PATHS = new Set<string>([API_PATHS.health, API_PATHS.ready, API_PATHS.sharedPose]);

/** Reads the bearer token of a request, or throws a 401 saying what is wrong with it. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw new ApiError(401, ERROR_CODES.unauthorized, 'Sign in first: the request has no bearer token');
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) throw new ApiError(401, ERROR_CODES.unauthorized, 'The Authorization header must be "Bearer <token>"');
  return match[1];
}

/** Looks a personal access token up (its hash, on every call): its grant while it is live, else null. */
export type TokenLookup = (token: string) => Promise<TokenGrant | null>;

/** The caller of a personal access token, after its route and scope were checked (401 when it is not live, 403 when not allowed here). */
async function tokenUser(request: FastifyRequest, route: string, token: string, lookup: TokenLookup): Promise<AuthUser> {
  const grant = ACCESS_TOKEN_LIMITS.pattern.test(token) ? await lookup(token) : null;
  if (!grant) throw new ApiError(401, ERROR_CODES.unauthorized, 'The access token is not valid: it was revoked, it expired, or it was never made');
  const scope = tokenScopeOf(request.method, route);
  if (!scope) {
    throw new ApiError(403, ERROR_CODES.forbidden, 'A personal access token cannot call this; sign in to Posecraft in the browser to do it');
  }
  if (!grant.scopes.includes(scope)) throw new ApiError(403, ERROR_CODES.forbidden, `This access token lacks the ${scope} scope that this call needs`);
  return { uid: grant.userId, email: null, name: null, grant };
}

/** Verifies the bearer token (a Firebase ID token, or a personal access token where one is allowed) on every /v1 call except the public ones. */
export async function registerAuth(app: FastifyInstance, verifier: TokenVerifier, lookup: TokenLookup): Promise<void> {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    // Unknown paths fall through to the 404 envelope.
    if (!route?.startsWith('/v1/') || PUBLIC_PATHS.has(route)) return;
    const token = bearerToken(request);
    request.user = token.startsWith(ACCESS_TOKEN_LIMITS.prefix) ? await tokenUser(request, route, token, lookup) : await verifier.verify(token);
  });
  app.addHook('onClose', () => verifier.close());
}
