import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { WebSocket } from 'ws';
import { createTestUser, EMULATOR_URL, type TestUser } from '../../support/emulator';
import { bearer, generationApp, tempDataDir, TEST_ENV, waitFor } from '../../support/generationApp';
import { DEMO_PROJECT_ID } from '../../../server/auth/firebaseConfig';

// Sockets per account are capped, and a disabled account loses access within a minute.

let app: FastifyInstance;

let base = '';

/** Opens a real socket (over TCP, so the server sees it close) with a token; `closed` tells how it closed. */
async function openSocket(token: string) {
  const ws = new WebSocket(`${base}/ws_estimator?access_token=${encodeURIComponent(token)}`);
  const closed = new Promise<[number, string]>((resolve) => ws.on('close', (code, reason) => resolve([code, reason.toString()])));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, closed };
}

async function disable(uid: string): Promise<void> {
  const res = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/projects/${DEMO_PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, disableUser: true }),
  });
  if (!res.ok) throw new Error(`emulator update failed: ${res.status}`);
}

beforeAll(async () => {
  app = await generationApp(tempDataDir(), { env: { AUTH_RECHECK_S: '0.5', ESTIMATOR_PRELOAD: '0' } });
  base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});
afterAll(() => app.close());

const SOCKETS_PER_USER = loadConfig(TEST_ENV).estimator.socketsPerUser;

describe('sockets and revoked accounts', () => {
  it(`refuses the ${SOCKETS_PER_USER + 1}th open socket of one account, and takes one again once another closes`, async () => {
    const user = await createTestUser('many-tabs');
    const sockets = [];
    for (let i = 0; i < SOCKETS_PER_USER; i++) sockets.push(await openSocket(user.idToken));
    const extra = await openSocket(user.idToken);
    expect(await extra.closed).toEqual([1008, `Too many open sockets for this account (at most ${SOCKETS_PER_USER}); close another tab`]);
    // Another account is not held back.
    const other = await openSocket((await createTestUser('one-tab')).idToken);
    sockets[0].ws.close();
    await sockets[0].closed;
    const again = await openSocket(user.idToken);
    const outcome = await Promise.race([again.closed, new Promise((resolve) => setTimeout(() => resolve('open'), 300))]);
    expect(outcome).toBe('open');
    for (const socket of [...sockets.slice(1), other, again]) socket.ws.close();
  });

  it("refuses a disabled account's token on calls and closes its socket, within the recheck interval (a minute by default)", async () => {
    const user: TestUser = await createTestUser('soon-disabled');
    expect((await app.inject({ method: 'GET', url: '/v1/history', headers: bearer(user) })).statusCode).toBe(200);
    const socket = await openSocket(user.idToken);
    await disable(user.uid);
    const refused = await waitFor(
      async () => {
        const res = await app.inject({ method: 'GET', url: '/v1/history', headers: bearer(user) });
        return res.statusCode === 401 ? res : null;
      },
      10_000,
      'the disabled account to be refused',
    );
    expect(refused.json().response_metadata.error.description).toBe('This account is disabled');
    expect(await socket.closed).toEqual([4401, 'This account is disabled']);
    expect(loadConfig(TEST_ENV).firebase.recheckMs).toBe(60_000);
  });
});
