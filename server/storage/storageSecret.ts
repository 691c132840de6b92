import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The HMAC secret of signed URLs: STORAGE_SECRET if set, else one generated on first start and
 * kept in the data folder so URLs stay valid across restarts.
 */
export function loadStorageSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'storage-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to make a new one`);
  return secret;
}
