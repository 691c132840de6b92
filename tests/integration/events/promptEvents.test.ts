import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROMPT_EVENT_LIMITS, SOCKET_TOO_MANY, SOCKET_UNAUTHORIZED } from '../../../src/api/contract';
import { createTestUser, type TestUser } from '../../support/emulator';
import { gatedEngine, type RecordingEngine } from '../../support/fakeEngines';
import { bearer, generationApp, promptBody, tempDataDir, waitFor } from '../../support/generationApp';
import { openEvents, promptIdsIn, updateOf, type EventsConnection } from '../../support/promptEventsClient';

// One real server (mannequin engine, its worker running) and Auth Emulator users.

let app: FastifyInstance;
let base: string;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const open: EventsConnection[] = [];

const connect = (user: TestUser | null, token = user?.idToken ?? null) => {
  const connection = openEvents(base, token);
  open.push(connection);
  return connection;
};
const queue = async (user: TestUser, overrides: Record<string, unknown> = {}) => {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/query_prompt',
    headers: bearer(user),
    payload: promptBody({ width: 64, height: 96, gNumber: 2, ...overrides }),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.prompt_id as string;
};
const history = (user: TestUser, headers: Record<string, string> = {}, qs = '?page=1&page_size=5') =>
  app.inject({ method: 'GET', url: `/v1/history${qs}`, headers: { ...bearer(user), ...headers } });

beforeAll(async () => {
  app = await generationApp(tempDataDir());
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  [alice, bob, carol] = await Promise.all([createTestUser('alice'), createTestUser('bob'), createTestUser('carol')]);
});
afterAll(async () => {
  for (const connection of open) connection.ws.close();
  await app.close();
});

describe('WS /ws_events', () => {
  it("carries the owner's prompt from queued to done with signed image URLs, and nothing of it to another user", async () => {
    const mine = connect(alice);
    const theirs = connect(bob);
    await Promise.all([mine.next((m) => m.type === 'events.ready'), theirs.next((m) => m.type === 'events.ready')]);

    const promptId = await queue(alice);
    const done = await mine.next(updateOf(promptId, 'done'));
    if (done.type !== 'prompt.update') throw new Error('not an update');
    expect(done.data.progress).toBe(1);
    expect(done.data.images).toHaveLength(2);
    for (const image of done.data.images) {
      const res = await fetch(new URL(image.url, base));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    // In order: whatever it saw before done was queued or running, never after.
    const statuses = mine.messages.flatMap((m) => (m.type === 'prompt.update' && m.prompt_id === promptId ? [m.data.status] : []));
    expect(statuses.at(-1)).toBe('done');
    expect(statuses.slice(0, -1).every((s) => s === 'queued' || s === 'running')).toBe(true);

    // Bob's own prompt reaches him after Alice's was done: by then hers would have too, had it leaked.
    const bobsPrompt = await queue(bob);
    await theirs.next(updateOf(bobsPrompt, 'done'));
    expect([...promptIdsIn(theirs.messages)]).toEqual([bobsPrompt]);
    expect(promptIdsIn(mine.messages).has(bobsPrompt)).toBe(false);
  });

  it('sends progress as the engine reports it, before the prompt is done', async () => {
    const mine = connect(carol);
    await mine.next((m) => m.type === 'events.ready');
    const promptId = await queue(carol, { width: 512, height: 512, gNumber: 4 });
    await mine.next(updateOf(promptId, 'done'));
    const doneAt = mine.messages.findIndex(updateOf(promptId, 'done'));
    const progress = mine.messages.slice(0, doneAt).filter((m) => m.type === 'prompt.progress' && m.prompt_id === promptId);
    expect(progress.length).toBeGreaterThan(0);
  });

  it('closes a socket without a token or with a refused one with 4401', async () => {
    expect(await connect(null).closed).toBe(SOCKET_UNAUTHORIZED);
    expect(await connect(null, 'not-a-token').closed).toBe(SOCKET_UNAUTHORIZED);
  });

  it(`lets one user hold ${PROMPT_EVENT_LIMITS.connectionsPerUser} connections, closes the next with 4429`, async () => {
    const user = await createTestUser('many-tabs');
    const held = Array.from({ length: PROMPT_EVENT_LIMITS.connectionsPerUser }, () => connect(user));
    await Promise.all(held.map((c) => c.next((m) => m.type === 'events.ready')));
    expect(await connect(user).closed).toBe(SOCKET_TOO_MANY);
    // One closed frees a place.
    held[0].ws.close();
    await held[0].closed;
    const again = connect(user);
    await again.next((m) => m.type === 'events.ready');
  });
});

describe('GET /v1/history, conditional', () => {
  it('answers 304 to an unchanged history without reading the database, and 200 with a new ETag after a change', async () => {
    const user = await createTestUser('etag');
    const first = await history(user);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const { store } = await app.generation.open();
    const reads = vi.spyOn(store, 'list');
    try {
      for (let i = 0; i < 3; i++) {
        const again = await history(user, { 'if-none-match': etag });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
      }
      expect(reads).not.toHaveBeenCalled();
      // Another query of the same user, or another user with this ETag, is not the same answer.
      expect((await history(user, { 'if-none-match': etag }, '?page=2&page_size=5')).statusCode).toBe(200);
      expect((await history(alice, { 'if-none-match': etag })).statusCode).toBe(200);
    } finally {
      reads.mockRestore();
    }

    await queue(user);
    const changed = await history(user, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.total).toBe(1);
    expect(changed.headers.etag).not.toBe(etag);
  });
});

describe('queue positions', () => {
  it("sends a waiting prompt's new place when a prompt ahead of it, another user's, leaves the queue", async () => {
    await withGatedApp(async ({ gated, engine, url, submit }) => {
      const [dan, frank, erin] = await Promise.all([createTestUser('dan'), createTestUser('frank'), createTestUser('erin')]);
      const post = async (user: TestUser) => (await submit(user)).prompt_id;
      const erins = openEvents(url, erin.idToken);
      open.push(erins);
      await erins.next((m) => m.type === 'events.ready');
      // Dan's prompt holds the only worker; Frank's waits first in line, Erin's second (queues are fair:
      // users not served yet come before a user's second prompt, in the order they asked).
      await post(dan);
      await waitForRuns(engine, 1);
      const franks = await post(frank);
      const erinsPrompt = await post(erin);
      await erins.next((m) => m.type === 'prompt.update' && m.prompt_id === erinsPrompt && m.data.queue_position === 2);
      const stopped = await gated.inject({ method: 'POST', url: '/v1/stop_prompt', headers: bearer(frank), payload: { prompt_id: franks } });
      expect(stopped.json().data.status).toBe('stopped');
      await erins.next((m) => m.type === 'prompt.update' && m.prompt_id === erinsPrompt && m.data.queue_position === 1);
      expect(promptIdsIn(erins.messages)).toEqual(new Set([erinsPrompt]));
    });
  });
});

describe('queue places of prompts submitted at once', () => {
  it("sends each user their new prompt's own place, as the history counts it", async () => {
    await withGatedApp(async ({ gated, engine, url, submit: post }) => {
      const users = await Promise.all(['gina', 'hal', 'ivy', 'jon'].map((name) => createTestUser(name)));
      const [holder, ...waiting] = users as [TestUser, ...TestUser[]];
      const connections = waiting.map((user) => openEvents(url, user.idToken));
      open.push(...connections);
      await Promise.all(connections.map((c) => c.next((m) => m.type === 'events.ready')));
      await post(holder);
      await waitForRuns(engine, 1);
      // The answers come at once (the queue is short, so each with its place); each place follows on the user's own socket too.
      const answers = await Promise.all(waiting.map(post));
      expect(answers.every((a) => a.status === 'queued')).toBe(true);
      const placed = await Promise.all(
        connections.map(async (c, i) => {
          const update = await c.next((m) => m.type === 'prompt.update' && m.prompt_id === answers[i].prompt_id && m.data.queue_position !== null);
          return update.type === 'prompt.update' ? update.data.queue_position : null;
        }),
      );
      expect([...placed].sort()).toEqual([1, 2, 3]);
      const inHistory = await Promise.all(
        waiting.map(
          async (user, i) =>
            (await gated.inject({ method: 'GET', url: `/v1/history?prompt_id=${answers[i].prompt_id}`, headers: bearer(user) })).json().data.items[0]
              .queue_position,
        ),
      );
      expect(inHistory).toEqual(placed);
      expect(answers.map((a) => a.queue_position)).toEqual(placed);
      for (const c of connections) expect(promptIdsIn(c.messages)).toEqual(new Set([answers[connections.indexOf(c)].prompt_id]));
    });
  });
});

/** The answer to a submitted prompt, as the tests read it. */
type Submitted = { prompt_id: string; status: string; queue_position: number | null };

/** An app listening on a port whose one worker waits on a gated engine, with a one-image prompt submitter; the engine is opened and the app closed after `run`. */
async function withGatedApp(
  run: (scene: { gated: FastifyInstance; engine: RecordingEngine; url: string; submit: (user: TestUser) => Promise<Submitted> }) => Promise<void>,
): Promise<void> {
  const engine = gatedEngine();
  const gated = await generationApp(tempDataDir(), { engines: [engine] });
  await gated.listen({ port: 0, host: '127.0.0.1' });
  const submit = async (user: TestUser) =>
    (await gated.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(user), payload: promptBody({ width: 32, height: 32, gNumber: 1 }) })).json()
      .data as Submitted;
  try {
    await run({ gated, engine, url: `http://127.0.0.1:${(gated.server.address() as { port: number }).port}`, submit });
  } finally {
    engine.open();
    await gated.close();
  }
}

/** Waits until the engine has started count runs. */
async function waitForRuns(engine: RecordingEngine, count: number): Promise<void> {
  await waitFor(async () => engine.runs.length >= count, 10_000, `${count} run(s)`);
}
