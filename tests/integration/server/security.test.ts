import { TEST_ENV } from '../../support/generationApp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(loadConfig({ ...TEST_ENV, CORS_ORIGINS: 'https://studio.example.com' }));
});
afterAll(() => app.close());

describe('security headers and CORS', () => {
  it('sends a CSP that forbids framing and foreign scripts but lets the Auth Emulator connect', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    // Inline script stays refused: only FirebaseUI's `return false;` handler is allowed, by its hash.
    expect(csp).not.toContain("'unsafe-inline' 'self'");
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).toBe(
      "script-src 'self' 'unsafe-hashes' 'sha256-2rvfFrggTCtyF5WOiTri1gDS8Boibj4Njn0e+VCBmDI='",
    );
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/connect-src 'self' ws: wss: http:\/\/127\.0\.0\.1:9099/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('lets the Google sign-in script in only with a real Firebase project', async () => {
    const real = await buildApp(
      loadConfig({ NODE_ENV: 'test', FIREBASE_API_KEY: 'k', FIREBASE_PROJECT_ID: 'posecraft-prod', FIREBASE_AUTH_DOMAIN: 'posecraft-prod.firebaseapp.com' }),
      { verify: async () => ({ uid: 'u', email: null, name: null }), close: async () => {} },
    );
    const csp = String((await real.inject({ method: 'GET', url: '/v1/health' })).headers['content-security-policy']);
    expect(csp).toContain('https://apis.google.com');
    expect(csp).toContain("frame-src 'self' https://posecraft-prod.firebaseapp.com");
    expect(csp).not.toContain('9099');
    await real.close();
  });

  it('answers CORS for a configured origin, preflight included', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/history',
      headers: { origin: 'https://studio.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://studio.example.com');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('Authorization');
  });

  it('gives no CORS headers to any other origin', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/health', headers: { origin: 'https://evil.example.net' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({ method: 'OPTIONS', url: '/v1/history', headers: { origin: 'https://evil.example.net' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.statusCode).not.toBe(204);
  });
});
