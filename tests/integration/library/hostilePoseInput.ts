import fc from 'fast-check';
import { nastyJson } from '../hardening/hostileInput';
import { saveBody } from './posesSupport';

/** A valid save body with one to three fields replaced by hostile values, or removed. */
export const mutatedSaveBody = fc
  .array(fc.tuple(fc.constantFrom('name', 'tags', 'kind', 'pose', 'thumbnail', 'extra'), fc.option(nastyJson)), { minLength: 1, maxLength: 3 })
  .map((changes) => saveBody(Object.fromEntries(changes.map(([field, value]) => [field, value ?? undefined]))));

/** Hostile tag lists: odd characters, lengths and types. */
export const hostileTags = fc.array(fc.oneof(fc.string({ maxLength: 40 }), nastyJson), { maxLength: 14 });
