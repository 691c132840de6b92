import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/api/contract.js';
import { ApiError } from './envelope.js';

/** Nesting walked at most: deeper bodies are refused by their schemas anyway. */
const MAX_DEPTH = 16;

// NUL, or a surrogate half without its other half.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether Postgres can keep a string as text or inside jsonb: no NUL (U+0000), no lone UTF-16 surrogate. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** What is wrong with a value the database cannot keep: text it cannot store, or a number beyond a double (JSON's 1e999). */
type Unstorable = 'text' | 'number';

/** The path (e.g. `tags[1]`) of the first string Postgres cannot keep or the first non-finite number in value, with which it is; or null. */
export function unstorableValueAt(value: unknown, path = '', depth = 0): { field: string; what: Unstorable } | null {
  if (typeof value === 'string') return isStorableText(value) ? null : { field: path || 'the text', what: 'text' };
  if (typeof value === 'number') return Number.isFinite(value) ? null : { field: path || 'the number', what: 'number' };
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      // Poses are long arrays of numbers: one test each, no call.
      if (typeof item === 'number' && Number.isFinite(item)) continue;
      const found = unstorableValueAt(item, `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = !isStorableText(key)
      ? { field: `${path}${path ? '.' : ''}${key.replace(/[\u0000\uD800-\uDFFF]/g, '?')}`, what: 'text' as const }
      : unstorableValueAt(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

const REFUSALS: Record<Unstorable, string> = {
  text: 'the text holds a character that cannot be stored (the NUL character U+0000, or a broken UTF-16 surrogate); remove it and try again',
  number: 'the number is too large to be a number (beyond 1.8e308, read as infinite); send a finite number',
};

/** Whether a request's body was parsed as JSON (Fastify's parser takes application/json, whatever its parameters). */
const isJsonBody = (request: FastifyRequest) => /^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '');

/**
 * Refuses, with a 400 in the envelope before any route runs, a query or JSON body holding text the
 * database cannot store, or a number JSON wrote too large to be finite (it would fail there with a
 * 500 after a thumbnail or file was written, or be stored as null). Other bodies (a video, an image,
 * text) are never looked at: their routes store no text from them, and walking a binary body here
 * would hold the main thread for seconds a megabyte.
 */
export function registerStorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // A socket's query stores nothing: its token is checked, the rest ignored.
    if (request.ws) return;
    const found = unstorableValueAt(request.query) ?? (isJsonBody(request) ? unstorableValueAt(request.body) : null);
    if (found) throw new ApiError(400, ERROR_CODES.badRequest, `${found.field}: ${REFUSALS[found.what]}`);
  });
}
