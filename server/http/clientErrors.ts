import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../src/api/contract.js';
import { codeForStatus } from './envelope.js';
import { ApiError } from './envelope.js';
import { rawRefusal } from './serverLimits.js';

/** What each kind of broken request is told. */
function refusalOf(code: string | undefined): [number, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'The request headers are too large'];
  return [400, 'The request is not valid HTTP'];
}

/**
 * Answers a request Node could not even parse (garbage, a broken request line, headers too large)
 * or that took too long to arrive, in the error envelope with the security headers, then closes
 * the connection. The result is passed to Fastify as clientErrorHandler.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (!socket.writable) {
      socket.destroy(error);
      return;
    }
    const [status, description] = refusalOf(error.code);
    socket.end(rawRefusal(status, codeForStatus(status), description, headers));
  };
}

/** Refuses an HTTP/1.1 request without a Host header (RFC 9112 section 3.2) with a 400 in the envelope. */
export function requireHost(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor >= 1 && !request.headers.host) {
      // Nothing else this client sends on the connection can be trusted either.
      reply.header('Connection', 'close');
      throw new ApiError(400, ERROR_CODES.badRequest, 'The request has no Host header');
    }
  });
}
