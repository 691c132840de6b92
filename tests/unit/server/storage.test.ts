import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../../../src/pose/index.js';
import { contentTypeOfKey } from '../../../server/storage/imageTypes';
import { StoredFileTooLarge } from '../../../server/storage/fileStorage';
import { LocalDiskStorage } from '../../../server/storage/localDiskStorage';
import { loadStorageSecret } from '../../../server/storage/storageSecret';
import { isValidKey, jobImageKey, keyBelongsTo, uploadKey, userPrefix } from '../../../server/storage/storageKeys';
import { UrlSigner } from '../../../server/storage/urlSigner';
import { tempDataDir } from '../../support/generationApp';

const signer = new UrlSigner('s'.repeat(40));

describe('storage keys', () => {
  it.each([
    ['users/abc/jobs/1/image-1.png', true],
    ['users/abc/uploads/estimation/x.jpg', true],
    ['../etc/passwd', false],
    ['users/../../etc/passwd', false],
    ['/etc/passwd', false],
    ['users//x.png', false],
    ['users/.hidden', false],
    ['users\\..\\x', false],
    ['users/a b.png', false],
    ['', false],
    ['a/'.repeat(300), false],
  ])('%s is valid: %s', (key, valid) => {
    expect(isValidKey(key)).toBe(valid);
  });

  it("puts every key in its user's folder, named by a hash so no uid shows in clear", () => {
    const folder = userPrefix('uid1');
    expect(folder).toMatch(/^users\/[0-9a-f]{32}$/);
    expect(folder).not.toContain('uid1');
    expect(userPrefix('uid2')).not.toBe(folder);
    expect(userPrefix('../x')).toMatch(/^users\/[0-9a-f]{32}$/);
    expect(jobImageKey('uid1', 'job', 'run', 0)).toBe(`${folder}/jobs/job/run/image-1.png`);
    const key = uploadKey('uid1', 'estimation', '../../../My Photo.JPG', 'image/jpeg');
    expect(key).toMatch(new RegExp(`^${folder}/uploads/estimation/[0-9a-f-]{36}-My-Photo\\.jpg$`));
    expect(isValidKey(key)).toBe(true);
    expect(keyBelongsTo(key, 'uid1')).toBe(true);
    expect(keyBelongsTo(key, 'uid')).toBe(false);
  });
});

describe('image types', () => {
  it('knows JPEG, PNG and WebP by their magic numbers, and nothing else', () => {
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg'))).toBeNull();
    expect(contentTypeOfKey('a/b.webp')).toBe('image/webp');
    expect(contentTypeOfKey('a/b.svg')).toBeNull();
  });
});

describe('signed URLs', () => {
  it('verify only for the same method, key and expiry, before the expiry', () => {
    const now = Date.now();
    const { expires, sig } = signer.sign('GET', 'users/a/x.png', 60, now);
    expect(expires * 1000).toBeGreaterThanOrEqual(now + 60_000);
    expect(signer.verify('GET', 'users/a/x.png', String(expires), sig, now)).toBeNull();
    expect(signer.verify('PUT', 'users/a/x.png', String(expires), sig, now)).toBe('invalid');
    expect(signer.verify('GET', 'users/b/x.png', String(expires), sig, now)).toBe('invalid');
    expect(signer.verify('GET', 'users/a/x.png', String(expires + 1), sig, now)).toBe('invalid');
    expect(signer.verify('GET', 'users/a/x.png', String(expires), sig, expires * 1000 + 1)).toBe('expired');
    expect(signer.verify('GET', 'users/a/x.png', undefined, sig, now)).toBe('missing');
    expect(signer.verify('GET', 'users/a/x.png', '1e9', sig, now)).toBe('missing');
    expect(new UrlSigner('t'.repeat(40)).verify('GET', 'users/a/x.png', String(expires), sig, now)).toBe('invalid');
  });

  it('stay the same within an expiry window, so browsers can cache images', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 1);
    expect(signer.sign('GET', 'k.png', 3600, now)).toEqual(signer.sign('GET', 'k.png', 3600, now + 60_000));
  });
});

describe('local disk storage', () => {
  it('stores, reads and deletes files inside its root only', async () => {
    const root = tempDataDir();
    const storage = new LocalDiskStorage(root, signer);
    await storage.put('users/a/x.png', Buffer.from('png'));
    expect((await storage.read('users/a/x.png'))?.toString()).toBe('png');
    expect(fs.readdirSync(path.join(root, 'users/a'))).toEqual(['x.png']);
    await storage.delete('users/a/x.png');
    expect(await storage.read('users/a/x.png')).toBeNull();
    await expect(storage.put('../outside.png', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    expect(() => storage.pathOf('/etc/passwd')).toThrow();
  });

  it("refuses to read a file over the reader's limit, saying its size", async () => {
    const storage = new LocalDiskStorage(tempDataDir(), signer);
    await storage.put('users/a/big.png', Buffer.alloc(2048));
    await expect(storage.read('users/a/big.png', 1024)).rejects.toEqual(new StoredFileTooLarge(2048));
    expect((await storage.read('users/a/big.png', 2048))?.length).toBe(2048);
  });

  it('reads its own signed URLs back to their key, and refuses anything else', async () => {
    const storage = new LocalDiskStorage(tempDataDir(), signer, 'https://posecraft.example.com');
    const { url } = await storage.signedUrl('users/a/x.png', 60);
    expect(url).toMatch(/^https:\/\/posecraft\.example\.com\/files\/users\/a\/x\.png\?expires=\d+&sig=/);
    expect(await storage.checkSignedUrl(url)).toEqual({ key: 'users/a/x.png', problem: null });
    // An upload URL is not a download URL: it cannot be handed to the estimator as an image.
    expect(await storage.checkSignedUrl((await storage.uploadSlot('users/a/x.png', 100, 60)).url)).toEqual({ key: null, problem: 'invalid' });
    expect(await storage.checkSignedUrl(url.replace('x.png', 'y.png'))).toEqual({ key: null, problem: 'invalid' });
    expect(await storage.checkSignedUrl('https://elsewhere.example.com/a.png')).toEqual({ key: null, problem: 'foreign' });
  });

  it('generates its signing secret once and keeps it in the data folder', () => {
    const dir = tempDataDir();
    const first = loadStorageSecret(null, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadStorageSecret(null, dir)).toBe(first);
    expect(fs.statSync(path.join(dir, 'storage-secret')).mode & 0o777).toBe(0o600);
    expect(loadStorageSecret('configured-secret-configured-secret', dir)).toBe('configured-secret-configured-secret');
  });
});
