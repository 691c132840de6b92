import { describe, expect, it } from 'vitest';
import { createMachine, fromPromise, type EventObject } from 'xstate';
import type { HistoryItem } from '../../src/api/schemas';
import { generationMachine, POLL_INTERVAL_MS, type GenerationRequest } from '../../src/machines/generation.machine';
import { createActor, ScriptedActors } from './modelBased';

// The generation machine while the event connection is up: it follows the prompt by its events,
// and reads the history only when the connection is down or has just come back.

const request: GenerationRequest = { prompt: 'a dancer', width: 64, height: 64, gNumber: 1, pose: { people: [] } };
const image = { url: '/files/a.png', width: 64, height: 64, engine: 'mannequin' as const };
const item = (status: HistoryItem['status'], promptId = 'p1'): HistoryItem =>
  ({ prompt_id: promptId, status, progress: status === 'done' ? 1 : 0.2, images: status === 'done' ? [image] : [], error: null }) as unknown as HistoryItem;
const update = (status: HistoryItem['status'], promptId = 'p1') => ({ type: 'EVENTS.UPDATE', item: item(status, promptId) }) as const;
const submitted = (status: 'queued' | 'running') => ({ type: 'xstate.done.actor.submitPrompt', output: { prompt_id: 'p1', status } }) as EventObject;
const tick = () => new Promise((r) => setTimeout(r, 0));

function startActor() {
  const scripted = new ScriptedActors();
  const told: string[] = [];
  const history = createMachine({ on: { '*': { actions: ({ event }) => void told.push(event.type) } } });
  const actor = createActor(
    generationMachine.provide({
      actors: {
        history: history as never,
        submitPrompt: fromPromise(({ input, signal }) => scripted.wait('submitPrompt', input, signal) as never),
        pollPrompt: fromPromise(({ input, signal }) => scripted.wait('pollPrompt', input, signal) as never),
      },
    }),
  ).start();
  return { actor, scripted, told, polls: () => scripted.started.filter((s) => s.id === 'pollPrompt').map((s) => s.input) };
}

describe('generation machine with the event connection up', () => {
  it('follows the prompt by its events to done, never reading the history', async () => {
    const { actor, scripted, told, polls } = startActor();
    actor.send({ type: 'EVENTS.UP', reconnect: false });
    actor.send({ type: 'GENERATE', request });
    scripted.settle(submitted('queued'));
    await tick();
    expect(polls()).toEqual([{ promptId: 'p1', delayMs: POLL_INTERVAL_MS, idle: true }]);
    actor.send(update('running', 'another prompt'));
    expect(actor.getSnapshot().value).toEqual({ following: 'queued' });
    actor.send({ type: 'EVENTS.PROGRESS', promptId: 'p1', progress: 0.6 });
    expect(actor.getSnapshot().value).toEqual({ following: 'running' });
    expect(actor.getSnapshot().context.progress).toBe(0.6);
    actor.send(update('done'));
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.images).toEqual([image]);
    expect(told).not.toContain('REFRESH');
  });

  it("shows the prompt's latest preview while it runs, another prompt's never, and none once it is done", async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'EVENTS.UP', reconnect: false });
    actor.send({ type: 'GENERATE', request });
    scripted.settle(submitted('running'));
    await tick();
    actor.send({ type: 'EVENTS.PREVIEW', promptId: 'p1', image: 'data:image/jpeg;base64,AAAA' });
    actor.send({ type: 'EVENTS.PREVIEW', promptId: 'another prompt', image: 'data:image/jpeg;base64,BBBB' });
    actor.send({ type: 'EVENTS.PREVIEW', promptId: 'p1', image: 'data:image/jpeg;base64,CCCC' });
    expect(actor.getSnapshot().context.preview).toBe('data:image/jpeg;base64,CCCC');
    actor.send(update('done'));
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.preview).toBeNull();
    // A new prompt starts without the last one's preview.
    actor.send({ type: 'GENERATE', request });
    expect(actor.getSnapshot().context.preview).toBeNull();
  });

  it('takes an outcome that arrived before the submission was answered', async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'EVENTS.UP', reconnect: false });
    actor.send({ type: 'GENERATE', request });
    actor.send(update('done'));
    scripted.settle(submitted('queued'));
    await tick();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.images).toEqual([image]);
  });

  it('polls while the connection is down, and reads once, at once, when it comes back', async () => {
    const { actor, scripted, polls } = startActor();
    actor.send({ type: 'EVENTS.UP', reconnect: false });
    actor.send({ type: 'GENERATE', request });
    scripted.settle(submitted('running'));
    await tick();
    actor.send({ type: 'EVENTS.DOWN' });
    expect(polls().at(-1)).toEqual({ promptId: 'p1', delayMs: POLL_INTERVAL_MS });
    actor.send({ type: 'EVENTS.UP', reconnect: true });
    expect(polls().at(-1)).toEqual({ promptId: 'p1', delayMs: 0 });
    scripted.settle({ type: 'xstate.done.actor.pollPrompt', output: { ...item('running'), progress: 0.5 } } as EventObject);
    await tick();
    expect(polls().at(-1)).toEqual({ promptId: 'p1', delayMs: POLL_INTERVAL_MS, idle: true });
    expect(actor.getSnapshot().context.progress).toBe(0.5);
  });
});
