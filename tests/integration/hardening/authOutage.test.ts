import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMULATOR_HOST } from '../../../server/auth/firebaseConfig';
import { startCuttableProxy, type CuttableProxy } from '../../support/cuttableProxy';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, tempDataDir } from '../../support/generationApp';

// The identity service (Firebase, here the Auth Emulator behind a proxy we can cut) not answering
// is not the user's fault: the server says 503 and keeps nobody out for good, rather than a 401
// that would make the browser forget the token and send the user to /login.

let app: FastifyInstance;
let alice: TestUser;
let bob: TestUser;
let proxy: CuttableProxy;
const [emulatorHost, emulatorPort] = (process.env.FIREBASE_AUTH_EMULATOR_HOST ?? DEFAULT_EMULATOR_HOST).split(':');

const history = (user: TestUser) => app.inject({ method: 'GET', url: '/v1/history', headers: bearer(user) });

beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser('outage-alice'), createTestUser('outage-bob')]);
  proxy = await startCuttableProxy(emulatorHost, Number(emulatorPort));
  app = await generationApp(tempDataDir(), { env: { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${proxy.port}`, ESTIMATOR_PRELOAD: '0' } });
}, 60_000);
afterAll(async () => {
  await app.close();
  await proxy.close();
});

describe('the identity service out of reach', () => {
  it('answers 503 (not 401) to a token it cannot check, keeps serving tokens it already checked, and recovers', async () => {
    expect((await history(alice)).statusCode).toBe(200);
    proxy.cut();
    const refused = await history(bob);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      code: 503,
      response_metadata: {
        error: { code_n: 50301, description: 'Sign-in cannot be checked right now (the identity service does not answer); try again in a moment' },
      },
    });
    // Alice's token was checked before the outage and is remembered until it expires.
    expect((await history(alice)).statusCode).toBe(200);
    proxy.restore();
    expect((await history(bob)).statusCode).toBe(200);
  });

  it('closes a socket it cannot authenticate with 1013 (try again later), not 4401', async () => {
    const carol = await createTestUser('outage-carol');
    proxy.cut();
    const closed = new Promise<[number, string]>((resolve) => {
      void app.injectWS(
        `/ws_estimator?access_token=${encodeURIComponent(carol.idToken)}`,
        {},
        {
          onInit: (socket) => socket.on('close', (code, reason) => resolve([code, reason.toString()])),
        },
      );
    });
    const [code, reason] = await closed;
    expect(code).toBe(1013);
    expect(reason).toMatch(/^Sign-in cannot be checked right now/);
    proxy.restore();
  });
});
