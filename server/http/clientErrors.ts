import http from 'node:http';
import type { Socket } from 'node:net';
import { codeForStatus, errorBody } from './envelope.js';

/** What each kind of broken request is told. */
function refusalOf(code: string | undefined): [number, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'The request headers are too large'];
  return [400, 'The request is not valid HTTP'];
}

/**
 * Answers a request Node could not even parse (garbage, a broken request line, headers too large)
 * in the error envelope, then closes the connection. Passed to Fastify as clientErrorHandler.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const [status, description] = refusalOf(error.code);
  const body = JSON.stringify(errorBody(status, codeForStatus(status), description));
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `X-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
