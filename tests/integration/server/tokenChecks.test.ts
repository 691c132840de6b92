// How often the server asks the identity service about a token: a burst of calls with one token
// shares one check, answered in the order the calls came. Between the verifier and the real Auth
// Emulator sits a pass-through proxy that counts the account lookups the checks make.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFirebaseSettings } from '../../../server/auth/firebaseConfig';
import { createTokenVerifier, type TokenVerifier } from '../../../server/auth/verifier';
import { createTestUser, EMULATOR_URL } from '../../support/emulator';

let proxy: http.Server;
let lookups = 0;
let verifier: TokenVerifier;
const emulator = new URL(EMULATOR_URL);

beforeAll(async () => {
  proxy = http.createServer((request, response) => {
    if (request.url?.includes('accounts:lookup')) lookups++;
    const upstream = http.request(
      { host: emulator.hostname, port: emulator.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  verifier = createTokenVerifier(loadFirebaseSettings({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}` }, false, '127.0.0.1'));
});
afterAll(async () => {
  await verifier.close();
  await new Promise((resolve) => proxy.close(resolve));
});

describe('token checks', () => {
  it('shares one check among calls with one token made while it runs, and answers them in the order they came', async () => {
    const user = await createTestUser('burst');
    const before = lookups;
    const answered: number[] = [];
    const calls = Array.from({ length: 5 }, (_, i) =>
      verifier.verify(user.idToken).then((who) => {
        answered.push(i);
        return who.uid;
      }),
    );
    expect(await Promise.all(calls)).toEqual(Array(5).fill(user.uid));
    expect(lookups - before).toBe(1);
    expect(answered).toEqual([0, 1, 2, 3, 4]);
  });

  it('checks two tokens apart, and refuses a bad one without holding back the good one', async () => {
    const [a, b] = [await createTestUser('first'), await createTestUser('second')];
    const before = lookups;
    const forged = `${a.idToken.split('.')[0]}.${Buffer.from(JSON.stringify({ sub: 'nobody' })).toString('base64url')}.`;
    const [first, second, bad] = await Promise.allSettled([verifier.verify(a.idToken), verifier.verify(b.idToken), verifier.verify(forged)]);
    expect(first.status === 'fulfilled' && first.value.uid).toBe(a.uid);
    expect(second.status === 'fulfilled' && second.value.uid).toBe(b.uid);
    expect(bad.status).toBe('rejected');
    expect(lookups - before).toBe(2);
  });
});
