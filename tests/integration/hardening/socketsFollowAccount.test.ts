import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_PROJECT_ID } from '../../../server/auth/firebaseConfig';
import { createTestUser, deleteTestUser, EMULATOR_URL, type TestUser } from '../../support/emulator';
import { generationApp, tempDataDir } from '../../support/generationApp';
import { openEvents, type EventsConnection } from '../../support/promptEventsClient';
import { startServerProcess, type ServerProcess } from '../../support/serverProcess';

// The event socket follows its account as calls do: a disabled or deleted account, or a revoked
// token, loses it within the recheck interval; an address holds a few sockets; a client that talks
// on a socket that only speaks is cut, without error-level logs.

const RECHECK_S = 0.5;
const PER_ADDRESS = 3;
let app: FastifyInstance;
let base = '';
const opened: EventsConnection[] = [];

async function disable(uid: string): Promise<void> {
  const res = await fetch(`${EMULATOR_URL}/identitytoolkit.googleapis.com/v1/projects/${DEMO_PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, disableUser: true }),
  });
  if (!res.ok) throw new Error(`emulator update failed: ${res.status}`);
}

async function listening(user: TestUser): Promise<EventsConnection> {
  const connection = openEvents(base, user.idToken);
  opened.push(connection);
  await connection.next((m) => m.type === 'events.ready');
  return connection;
}

/** How a raw socket closed: its code and reason. */
function closeOf(ws: WebSocket): Promise<[number, string]> {
  return new Promise((resolve) => ws.on('close', (code, reason) => resolve([code, reason.toString()])));
}

beforeAll(async () => {
  app = await generationApp(tempDataDir(), { env: { AUTH_RECHECK_S: String(RECHECK_S), SOCKETS_PER_ADDRESS: String(PER_ADDRESS), ESTIMATOR_PRELOAD: '0' } });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  for (const connection of opened) connection.ws.close();
  await app.close();
});

describe('WS /ws_events follows its account', () => {
  it.each([
    ['disabled', (user: TestUser) => disable(user.uid)],
    ['deleted', (user: TestUser) => deleteTestUser(user.uid)],
  ])('closes the socket of a %s account with 4401 within the recheck interval, and it hears nothing after', async (change, apply) => {
    const user = await createTestUser(`events-${change}`);
    const connection = await listening(user);
    const changedAt = Date.now();
    await apply(user);
    const code = await Promise.race([connection.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 10_000))]);
    expect(code).toBe(4401);
    // The check after the change is at most one interval away (plus the identity service's answer).
    expect(Date.now() - changedAt).toBeLessThan(RECHECK_S * 1000 * 2 + 3000);
    const heard = connection.messages.length;
    await new Promise((resolve) => setTimeout(resolve, RECHECK_S * 1000 * 2));
    expect(connection.messages.length).toBe(heard);
  });
});

describe('socket caps per address', () => {
  it.each(['/ws_events', '/ws_estimator'])(
    `closes the %s socket past ${PER_ADDRESS} from one address with 1008, whichever accounts they belong to`,
    async (path) => {
      const users = await Promise.all(Array.from({ length: PER_ADDRESS + 1 }, (_, i) => createTestUser(`address-${i}`)));
      const sockets: WebSocket[] = [];
      for (const user of users.slice(0, PER_ADDRESS)) {
        const ws = new WebSocket(`${base.replace('http', 'ws')}${path}?access_token=${encodeURIComponent(user.idToken)}`);
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
        sockets.push(ws);
      }
      const extra = new WebSocket(`${base.replace('http', 'ws')}${path}?access_token=${encodeURIComponent(users[PER_ADDRESS].idToken)}`);
      expect(await closeOf(extra)).toEqual([1008, `Too many open sockets from this address (at most ${PER_ADDRESS})`]);
      for (const ws of sockets) ws.close();
    },
  );
});

describe('a client that talks on a socket that only speaks', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(tempDataDir());
  }, 40_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('is closed with 1008 at its first message, and a flood of large frames writes no error-level log line', async () => {
    const user = await createTestUser('talker');
    const talker = new WebSocket(`${server.base.replace('http', 'ws')}/ws_events?access_token=${encodeURIComponent(user.idToken)}`);
    const talkerClosed = closeOf(talker);
    await new Promise((resolve) => talker.once('message', resolve));
    talker.send('hello');
    expect(await talkerClosed).toEqual([1008, 'This socket takes no messages']);

    const flooder = new WebSocket(`${server.base.replace('http', 'ws')}/ws_events?access_token=${encodeURIComponent(user.idToken)}`);
    const flooderClosed = closeOf(flooder);
    await new Promise((resolve) => flooder.once('open', resolve));
    for (let i = 0; i < 8; i++) flooder.send(Buffer.alloc(60 * 1024, 1));
    const [code] = await flooderClosed;
    expect([1008, 1009, 1006]).toContain(code);
    // The server still answers, and has logged no error for what the clients did.
    expect((await fetch(`${server.base}/v1/health`)).status).toBe(200);
    expect(
      server
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line)),
    ).toEqual([]);
  });
});
