import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { StoredFileTooLarge, type FileStorage, type SignedUrl, type SignedUrlCheck, type UploadSlot } from './fileStorage.js';
import { isValidKey } from './storageKeys.js';
import type { UrlSigner } from './urlSigner.js';

/** URL path under which local files are served (server/routes/files.ts). */
export const FILES_ROUTE_PREFIX = '/files/';

/** Files on local disk, reached by the browser through HMAC-signed /files/<key> URLs. */
export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  constructor(
    root: string,
    readonly signer: UrlSigner,
    private readonly baseUrl = '',
  ) {
    this.root = path.resolve(root);
  }

  /** The file of a key; refuses any key that is malformed or would leave the root. */
  pathOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!isValidKey(key) || !file.startsWith(this.root + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${crypto.randomUUID()}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, file);
  }

  async read(key: string, maxBytes = Infinity): Promise<Buffer | null> {
    try {
      const { size } = await fs.stat(this.pathOf(key));
      if (size > maxBytes) throw new StoredFileTooLarge(size);
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  signedUrl(key: string, ttlSeconds: number): Promise<SignedUrl> {
    return Promise.resolve(this.sign('GET', key, ttlSeconds));
  }

  /** A URL of the /files/ route signed for one method and key. */
  private sign(method: 'GET' | 'PUT', key: string, ttlSeconds: number): SignedUrl {
    // A well-formed key cannot leave the root (no "." or ".." segment, none empty), and its characters
    // need no escaping in a URL path: no path to resolve, nothing to encode.
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    const { expires, sig } = this.signer.sign(method, key, ttlSeconds);
    return { url: `${this.baseUrl}${FILES_ROUTE_PREFIX}${key}?expires=${expires}&sig=${sig}`, expiresAt: new Date(expires * 1000) };
  }

  /** A signed PUT URL: the /files/ route refuses a body larger than the bytes held for the key (the storage ledger). */
  async uploadSlot(key: string, _maxBytes: number, ttlSeconds: number): Promise<UploadSlot> {
    const { url, expiresAt } = this.sign('PUT', key, ttlSeconds);
    return { method: 'PUT', url, fields: null, expiresAt };
  }

  async checkSignedUrl(url: string): Promise<SignedUrlCheck> {
    const foreign = { key: null, problem: 'foreign' } as const;
    let parsed: URL;
    try {
      parsed = new URL(url, 'http://local');
    } catch {
      return foreign;
    }
    if (!parsed.pathname.startsWith(FILES_ROUTE_PREFIX)) return foreign;
    let key: string;
    try {
      key = decodeURIComponent(parsed.pathname.slice(FILES_ROUTE_PREFIX.length));
    } catch {
      return foreign;
    }
    if (!isValidKey(key)) return foreign;
    const problem = this.signer.verify('GET', key, parsed.searchParams.get('expires') ?? undefined, parsed.searchParams.get('sig') ?? undefined);
    if (problem === 'expired') return { key: null, problem };
    return problem ? { key: null, problem: 'invalid' } : { key, problem: null };
  }
}
