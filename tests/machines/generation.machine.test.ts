import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMachine, fromPromise, type EventObject } from 'xstate';
import { ApiCallError } from '../../src/api/failures';
import { en } from '../../src/i18n/en';
import { zh } from '../../src/i18n/zh';
import { generationMachine, MAX_POLL_FAILURES, POLL_INTERVAL_MS, type GenerationRequest, type PromptProgress } from '../../src/machines/generation.machine';
import { PromptModel, type PromptSeen } from './generationModel';
import { createActor, expectCoverage, followPath, generatePaths, measureCoverage, ScriptedActors } from './modelBased';

const request: GenerationRequest = { prompt: 'a dancer', width: 640, height: 360, gNumber: 3, pose: { people: [] } };
const image = { url: '/files/a.png', width: 640, height: 360, engine: 'mannequin' as const };
const progress = (status: PromptProgress['status'], p = 0.5): PromptProgress => ({
  prompt_id: 'p1',
  status,
  progress: p,
  images: status === 'done' ? [image, image, image] : [],
  error: status === 'failed' ? 'engine crashed' : null,
});

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const error = (id: string, message: string, status?: number): EventObject =>
  ({ type: `xstate.error.actor.${id}`, error: status ? new ApiCallError(message, status) : new Error(message) }) as EventObject;

const events = (): EventObject[] => [
  { type: 'GENERATE', request } as EventObject,
  { type: 'STOP' },
  { type: 'RESET' },
  done('submitPrompt', { prompt_id: 'p1', status: 'queued' }),
  done('submitPrompt', { prompt_id: 'p1', status: 'running' }),
  error('submitPrompt', '40001: width: must be at most 1024'),
  ...(['queued', 'running', 'done', 'failed', 'stopped'] as const).map((s) => done('pollPrompt', progress(s))),
  error('pollPrompt', 'Network Error'),
  error('pollPrompt', '40401: no such prompt', 404),
  done('stopPrompt', { status: 'stopped' }),
  done('stopPrompt', { status: 'done' }),
  error('stopPrompt', '40001: already finished'),
  // The event connection: up (first, or back after a drop), down, the prompt changed or progressed, changes missed.
  { type: 'EVENTS.UP', reconnect: false } as EventObject,
  { type: 'EVENTS.DOWN' },
  ...(['queued', 'running', 'done', 'failed', 'stopped'] as const).map((s) => ({ type: 'EVENTS.UPDATE', item: progress(s) }) as EventObject),
  { type: 'EVENTS.PROGRESS', promptId: 'p1', progress: 0.6 } as EventObject,
  { type: 'EVENTS.PREVIEW', promptId: 'p1', image: 'data:image/jpeg;base64,AAAA' } as EventObject,
  { type: 'EVENTS.RESYNC' },
];

// States told apart by whether the event connection is up too: it decides how the prompt is followed.
// What the machine says to the user goes through i18next, as on the page.
beforeAll(() => i18n.init({ lng: 'en', resources: { en: { translation: en }, zh: { translation: zh } }, interpolation: { escapeValue: false } }));

const paths = generatePaths(generationMachine, { events, serialize: ({ value, context }) => JSON.stringify([value, context.live]) });

function startActor() {
  const scripted = new ScriptedActors();
  /** Stands in for the history: records what the generation machine tells it. */
  const told: string[] = [];
  const history = createMachine({ on: { '*': { actions: ({ event }) => void told.push(event.type) } } });
  const actor = createActor(
    generationMachine.provide({
      actors: {
        history: history as never,
        submitPrompt: fromPromise(({ input, signal }) => scripted.wait('submitPrompt', input, signal) as never),
        pollPrompt: fromPromise(({ input, signal }) => scripted.wait('pollPrompt', input, signal) as never),
        stopPrompt: fromPromise(({ input, signal }) => scripted.wait('stopPrompt', input, signal) as never),
      },
    }),
  ).start();
  return { actor, scripted, told };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

/** What the Generate page shows of the actor (its status label as the prompt's card words it), and the history's reads. */
function seenOn({ actor, told }: ReturnType<typeof startActor>): PromptSeen {
  const snapshot = actor.getSnapshot();
  const { context } = snapshot;
  const following = snapshot.matches('following');
  const status = snapshot.matches('idle')
    ? null
    : following || snapshot.matches('stopping')
      ? snapshot.matches({ following: 'queued' })
        ? 'queued'
        : 'running'
      : (snapshot.value as PromptSeen['status']);
  return {
    status,
    busy: snapshot.hasTag('busy'),
    canStop: following,
    progress: context.progress,
    images: context.images.length,
    error: context.error,
    preview: context.preview,
    historyReads: told.filter((t) => t === 'REFRESH').length,
  };
}

describe('generation machine, model-based: what the page shows and asks along every path', () => {
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const started = startActor();
    const model = new PromptModel();
    expect(seenOn(started)).toEqual(model.seen());
    await followPath(
      started.actor,
      started.scripted,
      path,
      () => seenOn(started),
      (step, label) => {
        expect(step.requests, `${label}: requests`).toEqual(model.step(step.event));
        expect(step.after, `${label}: page`).toEqual(model.seen());
      },
    );
    started.actor.stop();
  });

  it('covers every state and at least 90% of transitions', () => {
    expectCoverage(measureCoverage(generationMachine, paths));
  });
});

describe('generation machine, what the page shows', () => {
  it('keeps the prompt id, progress and images a poll reports', async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'GENERATE', request });
    scripted.settle(done('submitPrompt', { prompt_id: 'p1', status: 'queued' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.promptId).toBe('p1');
    expect(scripted.started.at(-1)).toEqual({ id: 'pollPrompt', input: { promptId: 'p1', delayMs: POLL_INTERVAL_MS } });
    scripted.settle(done('pollPrompt', progress('running', 0.4)));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toEqual({ following: 'running' });
    expect(actor.getSnapshot().context.progress).toBe(0.4);
    scripted.settle(done('pollPrompt', progress('done', 1)));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.images).toHaveLength(3);
  });

  it('reports why a submission failed', async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'GENERATE', request });
    scripted.settle(error('submitPrompt', '40001: width: must be at most 1024'));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('40001: width: must be at most 1024');
  });

  it('ignores Generate while a prompt is in flight', async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'GENERATE', request });
    actor.send({ type: 'GENERATE', request: { ...request, prompt: 'other' } });
    expect(scripted.started.filter((s) => s.id === 'submitPrompt')).toHaveLength(1);
    expect(actor.getSnapshot().context.request?.prompt).toBe('a dancer');
  });
});

describe('generation machine, its poll policy', () => {
  it('asks again after a lost network, each time a poll interval later, and gives up after MAX_POLL_FAILURES', async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'GENERATE', request });
    scripted.settle(done('submitPrompt', { prompt_id: 'p1', status: 'running' }));
    await tick();
    for (let failures = 1; failures < MAX_POLL_FAILURES; failures++) {
      scripted.settle(error('pollPrompt', 'ERR_NETWORK: Network Error'));
      await tick();
      expect(actor.getSnapshot().value).toEqual({ following: 'running' });
      expect(scripted.started.at(-1)).toEqual({ id: 'pollPrompt', input: { promptId: 'p1', delayMs: POLL_INTERVAL_MS * (failures + 1) } });
    }
    scripted.settle(error('pollPrompt', 'ERR_NETWORK: Network Error'));
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Lost contact with the server: ERR_NETWORK: Network Error');
  });

  it("says it lost contact in the user's language", async () => {
    await i18n.changeLanguage('zh');
    try {
      const { actor, scripted } = startActor();
      actor.send({ type: 'GENERATE', request });
      scripted.settle(done('submitPrompt', { prompt_id: 'p1', status: 'queued' }));
      await tick();
      scripted.settle(error('pollPrompt', '40401: no such prompt', 404));
      await tick();
      expect(actor.getSnapshot().context.error).toBe('与服务器失去联系：40401: no such prompt');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('starts counting again after an answer', async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'GENERATE', request });
    scripted.settle(done('submitPrompt', { prompt_id: 'p1', status: 'queued' }));
    await tick();
    scripted.settle(error('pollPrompt', 'ERR_NETWORK: Network Error'));
    await tick();
    scripted.settle(done('pollPrompt', progress('running', 0.2)));
    await tick();
    expect(actor.getSnapshot().context.pollFailures).toBe(0);
    expect(scripted.started.at(-1)).toEqual({ id: 'pollPrompt', input: { promptId: 'p1', delayMs: POLL_INTERVAL_MS } });
  });

  it('fails at once when the server refuses the poll (4xx)', async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'GENERATE', request });
    scripted.settle(done('submitPrompt', { prompt_id: 'p1', status: 'queued' }));
    await tick();
    scripted.settle(error('pollPrompt', '40401: no such prompt', 404));
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(scripted.started.filter((s) => s.id === 'pollPrompt')).toHaveLength(1);
  });
});

describe('generation machine, what it tells others', () => {
  it('is busy from Generate until the prompt ends', async () => {
    const { actor, scripted } = startActor();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'GENERATE', request });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    scripted.settle(done('submitPrompt', { prompt_id: 'p1', status: 'running' }));
    await tick();
    actor.send({ type: 'STOP' });
    expect(actor.getSnapshot().value).toBe('stopping');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    scripted.settle(done('stopPrompt', { status: 'stopped' }));
    await tick();
    expect(actor.getSnapshot().value).toBe('stopped');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('tells the history to read itself again when the prompt is queued and when it ends', async () => {
    const { actor, scripted, told } = startActor();
    actor.send({ type: 'GENERATE', request });
    expect(told).toEqual([]);
    scripted.settle(done('submitPrompt', { prompt_id: 'p1', status: 'queued' }));
    await tick();
    expect(told).toEqual(['REFRESH']);
    scripted.settle(done('pollPrompt', progress('running')));
    await tick();
    expect(told).toEqual(['REFRESH']);
    scripted.settle(done('pollPrompt', progress('done', 1)));
    await tick();
    expect(told).toEqual(['REFRESH', 'REFRESH']);
  });
});
