import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../server/http/logRedaction';
import { freePort } from '../../support/freePort';
import { TEST_ENV, TEST_STORAGE_SECRET, tempDataDir, waitFor } from '../../support/generationApp';

describe('what the logs keep of a request', () => {
  it('blanks the socket token and file signatures, and keeps the rest of the URL', () => {
    expect(redactUrl('/ws_estimator?access_token=eyJhbGciOi.x.y')).toBe('/ws_estimator?access_token=[redacted]');
    expect(redactUrl('/files/users/a/x.png?expires=1790000000&sig=abc123&v=2')).toBe('/files/users/a/x.png?expires=1790000000&sig=[redacted]&v=2');
    expect(redactUrl('/v1/history?page=2')).toBe('/v1/history?page=2');
  });

  it('a production-level log of real requests holds neither the token nor the signature', async () => {
    const port = await freePort();
    const dataDir = tempDataDir();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        ...TEST_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_ROOT: dataDir,
        STORAGE_SECRET: TEST_STORAGE_SECRET,
        LOG_LEVEL: 'info',
        ESTIMATOR_PRELOAD: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk) => (log += chunk));
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitFor(
        () =>
          fetch(`${base}/v1/health`).then(
            (r) => r.ok,
            () => false,
          ),
        30_000,
        'the server to answer',
      );
      await fetch(`${base}/ws_estimator?access_token=SECRET-TOKEN-123`);
      await fetch(`${base}/files/users/a/x.png?expires=1&sig=SECRET-SIG-456`);
      await waitFor(async () => log.includes('SECRET') || (log.match(/\[redacted\]/g) ?? []).length >= 2, 10_000, 'the requests to be logged');
      expect(log).toContain('/ws_estimator?access_token=[redacted]');
      expect(log).toContain('sig=[redacted]');
      expect(log).not.toContain('SECRET');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
