import type { FastifyInstance, FastifyError } from 'fastify';
import { ApiError, codeForStatus, errorBody } from './envelope.js';

/** Makes every error and unknown /v1 route answer in the error envelope, never with a bare 500. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(errorBody(error.status, error.codeN, error.message));
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    // Fastify's own client errors (bad JSON, body too large, bad content type) keep their message;
    // internal failures do not leak details.
    const description = status >= 500 ? 'Internal server error' : error.message;
    return reply.status(status).send(errorBody(status, codeForStatus(status), description));
  });
}
