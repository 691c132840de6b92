import type { z } from 'zod';
import { ERROR_CODES } from '../../src/api/contract.js';
import { describeIssues } from '../../src/api/schemas.js';
import type { AuthUser } from '../auth/verifier.js';
import { ApiError } from '../http/envelope.js';
import type { FastifyRequest } from 'fastify';

/** Parses a request part with a zod schema, or throws a 400 naming each bad field. */
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw new ApiError(400, ERROR_CODES.badRequest, describeIssues(result.error.issues));
  return result.data;
}

/** The verified caller (the auth hook has run on every /v1 route). */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError(401, ERROR_CODES.unauthorized, 'Sign in first: the request has no bearer token');
  return request.user;
}

/** The 404 for a prompt that does not exist or belongs to someone else (the two look the same). */
export function promptNotFound(promptId: string): ApiError {
  return new ApiError(404, ERROR_CODES.notFound, `No prompt ${promptId} in your history`);
}
