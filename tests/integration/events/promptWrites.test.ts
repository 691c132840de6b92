import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../../src/api/schemas';
import type { PromptEventMessage } from '../../../src/api/promptEvents';
import { deleteFinishedPrompt } from '../../../server/jobs/promptDeletion';
import { controlImageKey, jobImageKey, poseThumbnailKey } from '../../../server/storage/storageKeys';
import { createTestUser, type TestUser } from '../../support/emulator';
import { generationApp, samplePose, tempDataDir } from '../../support/generationApp';
import { openEvents, type EventsConnection } from '../../support/promptEventsClient';

// Each kind of write to a prompt's row, made straight through the stores (no route, no worker: the
// app runs with no engine), reaches the owner's socket: the write itself announces it.

const WORKER = 'test-worker';
let app: FastifyInstance;
let user: TestUser;
let events: EventsConnection;

beforeAll(async () => {
  app = await generationApp(tempDataDir(), { engines: [], jobs: { engineWaitMs: 50 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  user = await createTestUser('prompt-writes');
  events = openEvents(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`, user.idToken);
  await events.next((m) => m.type === 'events.ready');
});
afterAll(async () => {
  events?.ws.close();
  await app?.close();
});

const services = () => app.generation.open();

async function create(): Promise<string> {
  const id = crypto.randomUUID();
  const settings = { width: 64, height: 64, gNumber: 1, seed: 1 };
  const job = { id, userId: user.uid, prompt: 'a dancer', negativePrompt: '', settings, pose: samplePose(), engine: 'mannequin' as const, cost: 1 };
  expect(await (await services()).store.enqueue(job, 100, 1e9)).toMatchObject({ queued: true });
  return id;
}

/** The next update of a prompt that passes check, as the socket received it. */
async function updateOf(id: string, check: (item: HistoryItem) => boolean): Promise<HistoryItem> {
  const seen = await events.next((m) => m.type === 'prompt.update' && m.prompt_id === id && check(m.data));
  return (seen as Extract<PromptEventMessage, { type: 'prompt.update' }>).data;
}

/** Claims the one queued prompt (the tests keep at most one queued at a time). */
async function claim(id: string): Promise<void> {
  expect((await (await services()).queue.claim(WORKER, 'mannequin'))?.id).toBe(id);
  await updateOf(id, (item) => item.status === 'running');
}

describe("a write to a prompt's row is announced to its owner's socket", () => {
  it('create, thumbnail, claim, control image, progress, done, delete', async () => {
    const { store, queue, db, ledger } = await services();
    const id = await create();
    expect(await updateOf(id, (item) => item.status === 'queued')).toMatchObject({ queue_position: 1, pose_thumbnail: null });
    expect(await store.setThumbnail(id, poseThumbnailKey(user.uid, id))).toBe(true);
    await updateOf(id, (item) => item.pose_thumbnail !== null);
    await claim(id);
    expect(await queue.setControlImage(id, WORKER, controlImageKey(user.uid, id, 'run1'))).toBe(true);
    await updateOf(id, (item) => item.control_image !== null);
    expect(await queue.heartbeat(id, WORKER, 0.4)).toEqual({ leaseHeld: true, stopRequested: false });
    await events.next((m) => m.type === 'prompt.progress' && m.prompt_id === id && m.data.progress === 0.4);
    expect(await queue.complete(id, WORKER, [{ storage_key: jobImageKey(user.uid, id, 'run1', 0), width: 64, height: 64, engine: 'mannequin' }])).toBe(true);
    expect((await updateOf(id, (item) => item.status === 'done')).images).toHaveLength(1);

    const resyncsBefore = events.messages.filter((m) => m.type === 'events.resync').length;
    await deleteFinishedPrompt({ db, ledger, storage: app.generation.storage(), changes: app.generation.changes }, id);
    // The prompt is gone: the page is told to read its history again.
    await events.next((m) => m.type === 'events.resync' && events.messages.filter((n) => n.type === 'events.resync').length > resyncsBefore);
  });

  it('stopped while queued', async () => {
    const id = await create();
    await updateOf(id, (item) => item.status === 'queued');
    expect(await (await services()).store.stopQueued(id)).toBe(true);
    await updateOf(id, (item) => item.status === 'stopped');
  });

  it('failed or stopped by its worker', async () => {
    const { queue } = await services();
    const failed = await create();
    await claim(failed);
    expect(await queue.finish(failed, WORKER, 'failed', 'the engine refused the prompt')).toBe(true);
    expect(await updateOf(failed, (item) => item.status === 'failed')).toMatchObject({ error: 'the engine refused the prompt' });
    const stopped = await create();
    await claim(stopped);
    expect(await queue.finish(stopped, WORKER, 'stopped', null)).toBe(true);
    await updateOf(stopped, (item) => item.status === 'stopped');
  });

  it('handed back at shutdown, given back by an engine that stopped answering, then failed by the sweep', async () => {
    const { queue } = await services();
    const id = await create();
    await claim(id);
    expect(await queue.release(id, WORKER)).toBe(true);
    await updateOf(id, (item) => item.status === 'queued');
    await claim(id);
    expect(await queue.giveBack(id, WORKER, 'the engine stopped answering')).toBe('queued');
    await updateOf(id, (item) => item.status === 'queued');
    // No server took it within the engine wait (50 ms): the sweep fails it (this one, or the pool's own).
    await new Promise((resolve) => setTimeout(resolve, 120));
    await queue.sweepAbandoned();
    expect((await updateOf(id, (item) => item.status === 'failed')).error).toMatch(/stopped answering/);
  });
});
