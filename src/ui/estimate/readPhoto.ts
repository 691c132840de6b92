import { PHOTO_MAX_MB, PHOTO_TYPES } from '../../api/contract';

/** Why a file cannot be estimated, as an i18n key, or null when it can. */
export function photoProblem(file: { type: string; size: number }): 'estimate.unsupported' | 'estimate.tooLarge' | null {
  if (!PHOTO_TYPES.includes(file.type as (typeof PHOTO_TYPES)[number])) return 'estimate.unsupported';
  if (file.size > PHOTO_MAX_MB * 1024 * 1024) return 'estimate.tooLarge';
  return null;
}
