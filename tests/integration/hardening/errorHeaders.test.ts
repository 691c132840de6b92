import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, tempDataDir } from '../../support/generationApp';

// The security headers (tests/integration/server/security.test.ts checks their content) must be on the
// refusals too: an error page that can be framed or sniffed is as good a target as any other.

let app: FastifyInstance;
let alice: TestUser;
beforeAll(async () => {
  app = await generationApp(tempDataDir(), { env: { CORS_ORIGINS: 'https://studio.example.com' } });
  alice = await createTestUser('headers');
}, 60_000);
afterAll(() => app.close());

const refusals: Array<[string, () => InjectOptions, number]> = [
  ['an unknown API route', () => ({ method: 'GET', url: '/v1/nothing-here' }), 404],
  ['a path with broken percent-encoding', () => ({ method: 'GET', url: '/files/%zz/a.png' }), 400],
  ['an unsigned file URL', () => ({ method: 'GET', url: '/files/users/x/a.png' }), 403],
  ['no token', () => ({ method: 'GET', url: '/v1/history' }), 401],
  [
    'a body over the limit',
    () => ({
      method: 'POST',
      url: '/v1/stop_prompt',
      headers: { ...bearer(alice), 'content-type': 'application/json' },
      payload: JSON.stringify({ prompt_id: 'x'.repeat(20_000) }),
    }),
    413,
  ],
  ['a foreign origin', () => ({ method: 'GET', url: '/v1/health', headers: { origin: 'https://evil.example.net' } }), 200],
];

describe('security headers on refusals', () => {
  it.each(refusals)('are sent with %s', async (_name, request, status) => {
    const res = await app.inject(request());
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
