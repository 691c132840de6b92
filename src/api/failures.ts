import axios, { type AxiosError } from 'axios';
import type { ApiErrorBody } from './contract';

/** The message shown for a failed call: "{code}: {description}" (docs/specification.md section 8). */
export function failureMessage(error: AxiosError<Partial<ApiErrorBody>>): string {
  const envelope = error.response?.data?.response_metadata?.error;
  const code = envelope?.code_n ?? error.code ?? error.response?.status ?? 'ERROR';
  const description = envelope?.description ?? error.response?.statusText ?? error.message;
  return `${code}: ${description}`;
}

/** What the client does after showing a failure, by HTTP status or transport error. */
export type FailureFollowUp = 'none' | 'signIn' | 'log';

/** Decides the follow-up of docs/specification.md section 8: 401 signs in again; no answer at all (network, timeout) is only logged. */
export function failureFollowUp(error: AxiosError): FailureFollowUp {
  if (!error.response) return 'log';
  return error.response.status === 401 ? 'signIn' : 'none';
}

/** A refused or failed API call, saying why as "{code}: {description}"; status is null when no answer came. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiCallError';
  }
}

/** Settles like the call, but a failed call rejects with an ApiCallError (a cancelled one as it was). */
export async function explained<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    // axios's own message ("Request failed with status code 401") would hide why.
    if (axios.isAxiosError(error) && !axios.isCancel(error)) {
      throw new ApiCallError(failureMessage(error), error.response?.status ?? null, { cause: error });
    }
    throw error;
  }
}
