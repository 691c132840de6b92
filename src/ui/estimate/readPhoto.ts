import { useEffect, useState } from 'react';
import { loadAppConfig } from '../../api/appConfig';
import { IMAGE_TYPES } from '../../pose/index';

/** Why a file cannot be estimated, as an i18n key, or null when it can; with no known limit (yet) only its type is checked. */
export function photoProblem(file: { type: string; size: number }, maxBytes: number | null): 'estimate.unsupported' | 'estimate.tooLarge' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'estimate.unsupported';
  if (maxBytes !== null && file.size > maxBytes) return 'estimate.tooLarge';
  return null;
}

/** A byte count in MB as the page says it, with one decimal at most. */
export const inMegabytes = (bytes: number): number => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/**
 * The largest photo this server takes, in bytes, as the operator set it (`/app-config.json`); null
 * until it is known, or when it could not be read (the server still refuses a photo too large, saying so).
 */
export function usePhotoMaxBytes(): number | null {
  const [maxBytes, setMaxBytes] = useState<number | null>(null);
  useEffect(() => {
    let mounted = true;
    loadAppConfig()
      .then((config) => {
        if (mounted) setMaxBytes(config.limits.photoMaxBytes);
      })
      // No config (or one without limits): the size is left to the server.
      .catch(() => undefined);
    return () => {
      mounted = false;
    };
  }, []);
  return maxBytes;
}
