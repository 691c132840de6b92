import type { FastifyInstance, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/api/contract.js';
import { ApiError, codeForStatus, errorBody } from './envelope.js';
import { isServiceUnavailable } from './unavailable.js';

/** Seconds a client is asked to wait before retrying after a 503. */
const RETRY_AFTER_S = 5;

/** Makes every error and unknown /v1 route answer in the error envelope, never with a bare 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      // Every 503 is a passing outage (database, identity service, estimator queue): say when to retry.
      if (error.status === 503) reply.header('Retry-After', String(RETRY_AFTER_S));
      return reply.status(error.status).send(errorBody(error.status, error.codeN, error.message));
    }
    if (isServiceUnavailable(error)) {
      // A database that is down or restarting is not our bug: say so, and that it will pass.
      request.log.warn({ err: error }, 'database unreachable');
      reply.header('Retry-After', String(RETRY_AFTER_S));
      return reply.status(503).send(errorBody(503, ERROR_CODES.unavailable, `The job database cannot be reached right now; try again in ${RETRY_AFTER_S} s`));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    // Fastify's own client errors (bad JSON, body too large, bad content type) keep their message;
    // internal failures do not leak details.
    const description = status >= 500 ? 'Internal server error' : error.message;
    return reply.status(status).send(errorBody(status, codeForStatus(status), description));
  });
}

/**
 * Fastify's own refusals that happen before routing (a path with broken percent-encoding such as
 * "/files/%zz"): the same 400 envelope, with the security headers (no hook runs for these), instead of
 * Fastify's own body. The result is passed as the frameworkErrors option.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const description = error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid: its path has a broken percent-encoding' : error.message;
    void reply
      .headers(headers)
      .status(400)
      .send(errorBody(400, ERROR_CODES.badRequest, description));
  };
}
