import { TEST_ENV } from '../../support/generationApp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { loadFirebaseSettings } from '../../../server/auth/firebaseConfig';
import { createTestUser, deleteTestUser, type TestUser } from '../../support/emulator';

let app: FastifyInstance;
let alice: TestUser;

function b64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
function decodePayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}
const whoami = (authorization?: string) => app.inject({ method: 'GET', url: '/v1/test-whoami', headers: authorization ? { authorization } : {} });

beforeAll(async () => {
  app = await buildApp(loadConfig(TEST_ENV));
  // A route that only answers a verified caller, so these tests do not depend on other features.
  app.get('/v1/test-whoami', async (request) => ({ code: 200, data: request.user }));
  alice = await createTestUser('alice');
});
afterAll(() => app.close());

describe('the server checks the bearer token on /v1 calls', () => {
  it('lets a signed-in user through and tells the route who they are', async () => {
    const res = await whoami(`Bearer ${alice.idToken}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ uid: alice.uid, email: alice.email, name: 'alice' });
  });

  it('leaves /v1/health and /app-config.json open', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    const config = await app.inject({ method: 'GET', url: '/app-config.json' });
    expect(config.json()).toEqual({
      firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-posecraft' },
      authEmulatorUrl: 'http://127.0.0.1:9099',
      limits: { photoMaxBytes: 10 * 1024 * 1024 },
    });
  });

  it.each([
    ['no header', undefined, 'Sign in first: the request has no bearer token'],
    ['another scheme', `Basic YWxpY2U6c2VjcmV0`, 'The Authorization header must be "Bearer <token>"'],
    ['a malformed token', 'Bearer not-a-jwt', 'The access token is malformed'],
  ])('answers %s with 401 in the envelope', async (_name, header, description) => {
    const res = await whoami(header);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, response_metadata: { error: { code_n: 40101, description } } });
  });

  it('refuses an expired token', async () => {
    const [header, , signature] = alice.idToken.split('.');
    const payload = decodePayload(alice.idToken);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = `${header}.${b64url({ ...payload, iat: past - 3600, auth_time: past - 3600, exp: past })}.${signature}`;
    const res = await whoami(`Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().response_metadata.error.description).toBe('The access token has expired; sign in again');
  });

  it('refuses a token tampered to name a user that does not exist', async () => {
    const [header, , signature] = alice.idToken.split('.');
    const payload = decodePayload(alice.idToken);
    const forged = `${header}.${b64url({ ...payload, sub: 'mallory', user_id: 'mallory' })}.${signature}`;
    expect((await whoami(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('refuses a token for another Firebase project', async () => {
    const [header, , signature] = alice.idToken.split('.');
    const payload = decodePayload(alice.idToken);
    const other = `${header}.${b64url({ ...payload, aud: 'someone-else', iss: 'https://securetoken.google.com/someone-else' })}.${signature}`;
    expect((await whoami(`Bearer ${other}`)).statusCode).toBe(401);
  });

  it('refuses the token of a deleted user', async () => {
    const bob = await createTestUser('bob');
    expect((await whoami(`Bearer ${bob.idToken}`)).statusCode).toBe(200);
    await deleteTestUser(bob.uid);
    const fresh = await buildApp(loadConfig(TEST_ENV));
    fresh.get('/v1/test-whoami', async (request) => ({ data: request.user }));
    const res = await fresh.inject({ method: 'GET', url: '/v1/test-whoami', headers: { authorization: `Bearer ${bob.idToken}` } });
    expect(res.statusCode).toBe(401);
    await fresh.close();
  });
});

describe('production', () => {
  it.each(['production', 'Production', 'staging', 'PRODUCTION ', undefined])('is on for NODE_ENV=%s and refuses the emulator there', (nodeEnv) => {
    const env = { AUTH_EMULATOR: '1', ...(nodeEnv === undefined ? {} : { NODE_ENV: nodeEnv }) };
    expect(() => loadConfig(env)).toThrow(/Refusing to start: the Firebase Auth Emulator in production/);
    expect(() => loadConfig({ ...env, AUTH_EMULATOR: undefined, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/in production/);
  });

  it('refuses the emulator on a server listening beyond loopback, even in development; loopback is the default', () => {
    for (const nodeEnv of ['development', 'test', undefined]) {
      const env = { AUTH_EMULATOR: '1', HOST: '0.0.0.0', ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) };
      expect(() => loadConfig(env), String(nodeEnv)).toThrow(/Refusing to start/);
    }
    expect(() => loadConfig({ AUTH_EMULATOR: '1', NODE_ENV: 'development', HOST: '10.0.0.5' })).toThrow(/listening on 10\.0\.0\.5, beyond this machine/);
    const local = loadConfig({ AUTH_EMULATOR: '1', NODE_ENV: 'development' });
    expect([local.host, local.production, local.firebase.emulatorHost]).toEqual(['127.0.0.1', false, '127.0.0.1:9099']);
  });

  it('uses the emulator only when opted in, and refuses to start with no sign-in at all', () => {
    expect(() => loadConfig({ NODE_ENV: 'development' })).toThrow(/no sign-in configured/);
    expect(() =>
      loadFirebaseSettings({ FIREBASE_API_KEY: 'k', FIREBASE_PROJECT_ID: 'p', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, true, '127.0.0.1'),
    ).toThrow(/Auth Emulator/);
  });

  it('starts with a real project configured, and refuses a token the real project did not sign', async () => {
    const settings = loadFirebaseSettings(
      { FIREBASE_API_KEY: 'k', FIREBASE_PROJECT_ID: 'posecraft-prod', FIREBASE_AUTH_DOMAIN: 'posecraft.example.com' },
      true,
      '0.0.0.0',
    );
    expect(settings.emulatorHost).toBeNull();
    const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    try {
      const prod = await buildApp({ ...loadConfig(TEST_ENV), production: true, firebase: settings });
      prod.get('/v1/test-whoami', async (request) => ({ data: request.user }));
      // An emulator token is unsigned: the real verifier must not accept it.
      const res = await prod.inject({ method: 'GET', url: '/v1/test-whoami', headers: { authorization: `Bearer ${alice.idToken}` } });
      expect(res.statusCode).toBe(401);
      await prod.close();
    } finally {
      if (saved) process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
    }
  });
});
