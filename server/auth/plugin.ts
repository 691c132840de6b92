import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS } from '../../src/api/contract.js';
import { ApiError } from '../http/envelope.js';
import { ERROR_CODES } from '../../src/api/contract.js';
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

/** Verifies the bearer token on every /v1 call except the public ones. */
export async function registerAuth(app: FastifyInstance, verifier: TokenVerifier): Promise<void> {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    // Unknown paths fall through to the 404 envelope.
    if (!route?.startsWith('/v1/') || PUBLIC_PATHS.has(route)) return;
    request.user = await verifier.verify(bearerToken(request));
  });
  app.addHook('onClose', () => verifier.close());
}
