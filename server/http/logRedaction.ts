import type { FastifyRequest } from 'fastify';

// Query parameters that are credentials: the socket's Firebase token and a signed file URL's signature.
const SECRET_PARAMS = /([?&](?:access_token|sig)=)[^&#]*/gi;

/** A request URL fit for the logs: the values of access_token and sig replaced, the rest kept. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Fastify's request serializer, minus the credentials a URL can carry (the socket's token, a file URL's signature). */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}
