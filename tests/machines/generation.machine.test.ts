import { describe, expect, it } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import { generationMachine, type GenerationRequest, type PromptProgress } from '../../src/machines/generation.machine';
import { createActor, expectCoverage, generatePaths, measureCoverage, replayPath, ScriptedActors } from './modelBased';

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
const error = (id: string, message: string): EventObject => ({ type: `xstate.error.actor.${id}`, error: new Error(message) }) as EventObject;

const events = (): EventObject[] => [
  { type: 'GENERATE', request } as EventObject,
  { type: 'STOP' },
  { type: 'RESET' },
  done('submitPrompt', { prompt_id: 'p1', status: 'queued' }),
  done('submitPrompt', { prompt_id: 'p1', status: 'running' }),
  error('submitPrompt', '40001: width: must be at most 1024'),
  ...(['queued', 'running', 'done', 'failed', 'stopped'] as const).map((s) => done('pollPrompt', progress(s))),
  error('pollPrompt', 'Network Error'),
  done('stopPrompt', { status: 'stopped' }),
  done('stopPrompt', { status: 'done' }),
  error('stopPrompt', '40001: already finished'),
];

const paths = generatePaths(generationMachine, { events });

function startActor() {
  const scripted = new ScriptedActors();
  const actor = createActor(
    generationMachine.provide({
      actors: {
        submitPrompt: fromPromise(({ input, signal }) => scripted.wait('submitPrompt', input, signal) as never),
        pollPrompt: fromPromise(({ input, signal }) => scripted.wait('pollPrompt', input, signal) as never),
        stopPrompt: fromPromise(({ input, signal }) => scripted.wait('stopPrompt', input, signal) as never),
      },
    }),
  ).start();
  return { actor, scripted };
}

describe('generation machine, model-based', () => {
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const { actor, scripted } = startActor();
    await replayPath(actor, scripted, path);
    actor.stop();
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
    expect(scripted.started.at(-1)).toEqual({ id: 'pollPrompt', input: { promptId: 'p1' } });
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
