import type { FastifyReply } from 'fastify';
import { ERROR_CODES, type ApiErrorBody } from '../../src/api/contract.js';

/** An error that becomes an HTTP status plus the error envelope of docs/specification.md section 8. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly codeN: number,
    description: string,
  ) {
    super(description);
  }
}

/** Builds the error envelope body for a status, business code and description. */
export function errorBody(status: number, codeN: number, description: string): ApiErrorBody {
  return { code: status, response_metadata: { error: { code_n: codeN, description } } };
}

/** Sends a successful response in the envelope. */
export function sendData<T>(reply: FastifyReply, data: T): FastifyReply {
  return reply.send({ code: 200, data });
}

/** The business code that goes with an HTTP status when nothing more specific is known. */
export function codeForStatus(status: number): number {
  switch (status) {
    case 400:
      return ERROR_CODES.badRequest;
    case 401:
      return ERROR_CODES.unauthorized;
    case 403:
      return ERROR_CODES.forbidden;
    case 404:
      return ERROR_CODES.notFound;
    case 413:
      return ERROR_CODES.payloadTooLarge;
    case 415:
      return ERROR_CODES.unsupportedMediaType;
    case 429:
      return ERROR_CODES.tooManyRequests;
    case 503:
      return ERROR_CODES.unavailable;
    case 507:
      return ERROR_CODES.storageFull;
    default:
      return status >= 500 ? ERROR_CODES.internal : status * 100 + 1;
  }
}
