import { describe, expect, it } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { EstimatorMessage } from '../../src/api/estimatorSocket';
import { estimationMachine, type EstimationRequest, type SubmitOutput } from '../../src/machines/estimation.machine';
import { EstimateModel, type EstimateSeen } from './estimationModel';
import { createActor, expectCoverage, followPath, generatePaths, measureCoverage, ScriptedActors } from './modelBased';

const request: EstimationRequest = { photo: new Blob(['jpeg bytes']), fileName: 'me.jpg', hands: true, face: true };
const pose = { people: [{ pose_keypoints_2d: new Array(54).fill(1) }], animals: [], canvas_width: 640, canvas_height: 480 };
const submitted: SubmitOutput = { prompt_id: 'p1', image_url: '/files/users/u/uploads/estimation/me.jpg?expires=1&sig=s' };

const message = (m: EstimatorMessage): EventObject => ({ type: 'SOCKET.MESSAGE', message: m }) as EventObject;
const progress = (promptId: string, stage: 'body' | 'face' = 'body') =>
  message({ type: 'estimation.progress', prompt_id: promptId, data: { stage, progress: 0.3 } });
const result = (promptId: string) => message({ type: 'estimation.result', prompt_id: promptId, data: pose });
const failure = (promptId: string) =>
  message({ type: 'estimation.error', prompt_id: promptId, data: { code_n: 42201, description: 'The image could not be decoded' } });
const done = (output: SubmitOutput): EventObject => ({ type: 'xstate.done.actor.submitEstimate', output }) as EventObject;
const error = (text: string): EventObject => ({ type: 'xstate.error.actor.submitEstimate', error: new Error(text) }) as EventObject;

const events = (): EventObject[] => [
  { type: 'ESTIMATE', request } as EventObject,
  { type: 'RETRY' },
  { type: 'CANCEL' },
  { type: 'SOCKET.OPEN' },
  { type: 'SOCKET.ERROR', reason: 'The connection to the estimator failed' } as EventObject,
  { type: 'SOCKET.CLOSED', code: 4401, reason: 'The access token is not valid' } as EventObject,
  progress('p1'),
  result('p1'),
  failure('p1'),
  progress('someone-elses-tab'),
  done(submitted),
  done({ ...submitted, status: { prompt_id: 'p1', status: 'done', stage: 'done', progress: 1, result: pose, message: null, error: null } }),
  done({
    ...submitted,
    status: {
      prompt_id: 'p1',
      status: 'failed',
      stage: 'decoding',
      progress: 0.05,
      result: null,
      message: null,
      error: { code_n: 42201, description: 'damaged' },
    },
  }),
  error('41501: The file is not a JPEG, PNG or WebP image'),
];

const paths = generatePaths(estimationMachine, { events });

/** A real actor with a scripted submit and a stand-in socket that records its openings and closings. */
function startActor() {
  const scripted = new ScriptedActors();
  const sockets = { opened: 0, closed: 0 };
  const actor = createActor(
    estimationMachine.provide({
      actors: {
        submitEstimate: fromPromise(({ input, signal }) => scripted.wait('submitEstimate', input, signal) as never),
        estimatorSocket: fromCallback(() => {
          sockets.opened++;
          return () => void sockets.closed++;
        }),
      },
    }),
  ).start();
  return { actor, scripted, sockets };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What the photo-to-pose dialog shows of the actor (as `PhotoToPose` reads it), and its sockets. */
function seenOn({ actor, sockets }: ReturnType<typeof startActor>): EstimateSeen {
  const snapshot = actor.getSnapshot();
  const { stage, progress, error, result, message } = snapshot.context;
  return {
    busy: snapshot.hasTag('busy'),
    done: snapshot.matches({ closed: 'done' }),
    failed: snapshot.matches({ closed: 'failed' }),
    stage,
    progress,
    error,
    result,
    message,
    socketsOpened: sockets.opened,
    socketOpen: sockets.opened - sockets.closed === 1,
  };
}

describe('estimation machine, model-based: what the dialog shows and asks along every path', () => {
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const started = startActor();
    const model = new EstimateModel();
    expect(seenOn(started)).toEqual(model.seen());
    await followPath(
      started.actor,
      started.scripted,
      path,
      () => seenOn(started),
      (step, label) => {
        expect(step.requests, `${label}: requests`).toEqual(model.step(step.event));
        expect(step.after, `${label}: dialog`).toEqual(model.seen());
      },
    );
    started.actor.stop();
  });

  it('covers every state and at least 90% of transitions', () => {
    expectCoverage(measureCoverage(estimationMachine, paths));
  });
});

describe('estimation machine, what the user sees', () => {
  it('opens the socket on request, uploads, follows progress and closes the socket on the result', async () => {
    const { actor, scripted, sockets } = startActor();
    actor.send({ type: 'ESTIMATE', request });
    expect([actor.getSnapshot().value, sockets.opened]).toEqual(['connecting', 1]);
    actor.send({ type: 'SOCKET.OPEN' });
    expect(actor.getSnapshot().context.stage).toBe('uploading');
    expect(scripted.started.at(-1)).toEqual({ id: 'submitEstimate', input: { request, imageUrl: null, promptId: null } });
    scripted.settle(done(submitted));
    await tick();
    expect(actor.getSnapshot().value).toEqual({ streaming: 'waiting' });
    actor.send(progress('p1', 'face') as never);
    expect(actor.getSnapshot().context).toMatchObject({ stage: 'face', progress: 0.3 });
    actor.send(progress('another-prompt') as never);
    expect(actor.getSnapshot().context.stage).toBe('face');
    actor.send(result('p1') as never);
    expect(actor.getSnapshot().value).toEqual({ closed: 'done' });
    expect(actor.getSnapshot().context).toMatchObject({ result: pose, progress: 1, error: null });
    expect(sockets.closed).toBe(1);
  });

  it('keeps a result that arrives before the POST returns, and finishes with it', async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'ESTIMATE', request });
    actor.send({ type: 'SOCKET.OPEN' });
    actor.send(progress('p1') as never);
    actor.send(result('p1') as never);
    expect(actor.getSnapshot().value).toEqual({ streaming: 'submitting' });
    scripted.settle(done(submitted));
    await tick();
    expect(actor.getSnapshot().value).toEqual({ closed: 'done' });
    expect(actor.getSnapshot().context.result).toEqual(pose);
  });

  it('shows why it failed and closes the socket when the server answers with an error', async () => {
    const { actor, scripted, sockets } = startActor();
    actor.send({ type: 'ESTIMATE', request });
    actor.send({ type: 'SOCKET.OPEN' });
    scripted.settle(done(submitted));
    await tick();
    actor.send(failure('p1') as never);
    expect(actor.getSnapshot().value).toEqual({ closed: 'failed' });
    expect(actor.getSnapshot().context.error).toBe('42201: The image could not be decoded');
    expect(sockets.closed).toBe(1);
  });

  it('after a lost connection, retries by looking the same estimate up with the uploaded photo', async () => {
    const { actor, scripted, sockets } = startActor();
    actor.send({ type: 'ESTIMATE', request });
    actor.send({ type: 'SOCKET.OPEN' });
    scripted.settle(done(submitted));
    await tick();
    actor.send({ type: 'SOCKET.CLOSED', code: 1006, reason: '' });
    expect(actor.getSnapshot().context.error).toBe('1006: The connection to the estimator closed');
    actor.send({ type: 'RETRY' });
    actor.send({ type: 'SOCKET.OPEN' });
    expect(scripted.started.at(-1)).toEqual({ id: 'submitEstimate', input: { request, imageUrl: submitted.image_url, promptId: 'p1' } });
    expect(actor.getSnapshot().context.stage).toBe('queued');
    expect(sockets).toEqual({ opened: 2, closed: 1 });
  });

  it('after the server refused the photo, a retry submits it as a new estimate', async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'ESTIMATE', request });
    actor.send({ type: 'SOCKET.OPEN' });
    scripted.settle(done(submitted));
    await tick();
    actor.send(failure('p1') as never);
    actor.send({ type: 'RETRY' });
    actor.send({ type: 'SOCKET.OPEN' });
    expect(scripted.started.at(-1)?.input).toMatchObject({ promptId: null, imageUrl: submitted.image_url });
  });

  it('stops everything on cancel', async () => {
    const { actor, scripted, sockets } = startActor();
    actor.send({ type: 'ESTIMATE', request });
    actor.send({ type: 'SOCKET.OPEN' });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(sockets.closed).toBe(1);
    expect(() => scripted.settle(done(submitted))).toThrow(/No running actor/);
  });
});

describe('estimation machine, what it tells the page', () => {
  it('is busy while the socket opens and the estimate runs, not once it is closed', async () => {
    const { actor, scripted } = startActor();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'ESTIMATE', request });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'SOCKET.OPEN' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    scripted.settle(done(submitted));
    await tick();
    actor.send(result('p1') as never);
    expect(actor.getSnapshot().value).toEqual({ closed: 'done' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });
});
