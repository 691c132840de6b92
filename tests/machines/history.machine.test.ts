import { describe, expect, it } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import type { HistoryItem, HistoryResponse } from '../../src/api/schemas';
import { HISTORY_PAGE_SIZE, HISTORY_REFRESH_MS, historyMachine } from '../../src/machines/history.machine';
import { HistoryModel, type HistorySeen } from './historyModel';
import { createActor, expectCoverage, followPath, generatePaths, measureCoverage, ScriptedActors } from './modelBased';

const item = (status: HistoryItem['status']) => ({ prompt_id: `p-${status}`, status }) as HistoryItem;
const pageOf = (...statuses: HistoryItem['status'][]): HistoryResponse => ({
  items: statuses.map(item),
  total: statuses.length,
  page: 1,
  page_size: HISTORY_PAGE_SIZE,
});
const done = (output: HistoryResponse): EventObject => ({ type: 'xstate.done.actor.readHistory', output }) as EventObject;
const failed: EventObject = { type: 'xstate.error.actor.readHistory', error: new Error('ERR_NETWORK: Network Error') } as EventObject;

const events = (): EventObject[] => [
  { type: 'SHOW' },
  { type: 'HIDE' },
  { type: 'REFRESH' },
  { type: 'PAGE', page: 2 } as EventObject,
  done(pageOf('done', 'failed')),
  done(pageOf('running')),
  failed,
  // The event connection: up (first, or back after a drop), down, a prompt changed or progressed, changes missed.
  { type: 'EVENTS.UP', reconnect: false } as EventObject,
  { type: 'EVENTS.UP', reconnect: true } as EventObject,
  { type: 'EVENTS.DOWN' },
  { type: 'EVENTS.UPDATE', item: { ...item('done'), prompt_id: 'p-running' } } as EventObject,
  { type: 'EVENTS.PROGRESS', promptId: 'p-running', progress: 0.5 } as EventObject,
  { type: 'EVENTS.RESYNC' },
];

// States told apart by whether the event connection is up and a prompt on the page still moves: what decides when it reads.
const paths = generatePaths(historyMachine, {
  events,
  serialize: ({ value, context }) => JSON.stringify([value, context.live, context.data?.items.some((i: HistoryItem) => i.status === 'running') ?? null]),
});

function startActor() {
  const scripted = new ScriptedActors();
  const actor = createActor(
    historyMachine.provide({ actors: { readHistory: fromPromise(({ input, signal }) => scripted.wait('readHistory', input, signal) as never) } }),
  ).start();
  return { actor, scripted };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const reads = (scripted: ScriptedActors) => scripted.started.filter((s) => s.id === 'readHistory').map((s) => s.input);

/** What the history list shows of the actor. */
function seenOn(actor: ReturnType<typeof startActor>['actor']): HistorySeen {
  const data = actor.getSnapshot().context.data;
  return data && { rows: data.items.map(({ prompt_id, status, progress }) => ({ prompt_id, status, progress })), total: data.total };
}

describe('history machine, model-based: what the list shows and reads along every path', () => {
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const { actor, scripted } = startActor();
    const model = new HistoryModel();
    await followPath(
      actor,
      scripted,
      path,
      () => seenOn(actor),
      (step, label) => {
        expect(step.requests, `${label}: reads`).toEqual(model.step(step.event));
        expect(step.after, `${label}: list`).toEqual(model.seen());
      },
    );
    actor.stop();
  });

  it('covers every state and at least 90% of transitions', () => {
    expectCoverage(measureCoverage(historyMachine, paths));
  });
});

describe('history machine, when it reads', () => {
  it('reads nothing until shown, then the page at once', () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'REFRESH' });
    actor.send({ type: 'PAGE', page: 2 });
    expect(reads(scripted)).toEqual([]);
    actor.send({ type: 'SHOW' });
    expect(reads(scripted)).toEqual([{ page: 2, delayMs: 0 }]);
  });

  it('reads again every HISTORY_REFRESH_MS while a prompt on the page is queued or running, and stops when none is', async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'SHOW' });
    scripted.settle(done(pageOf('running', 'done')));
    await tick();
    expect(reads(scripted)).toEqual([
      { page: 1, delayMs: 0 },
      { page: 1, delayMs: HISTORY_REFRESH_MS },
    ]);
    scripted.settle(done(pageOf('done', 'done')));
    await tick();
    expect(actor.getSnapshot().value).toEqual({ visible: 'shown' });
    expect(reads(scripted)).toHaveLength(2);
    expect(actor.getSnapshot().context.data?.items.map((i) => i.status)).toEqual(['done', 'done']);
  });

  it('reads at once when told, in place of a read waiting to follow progress', async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'SHOW' });
    scripted.settle(done(pageOf('queued')));
    await tick();
    actor.send({ type: 'REFRESH' });
    expect(reads(scripted).at(-1)).toEqual({ page: 1, delayMs: 0 });
    actor.send({ type: 'PAGE', page: 0 });
    expect(reads(scripted).at(-1)).toEqual({ page: 1, delayMs: 0 });
  });

  it('keeps what it showed when a read fails, and forgets it when hidden', async () => {
    const { actor, scripted } = startActor();
    actor.send({ type: 'SHOW' });
    scripted.settle(done(pageOf('done')));
    await tick();
    actor.send({ type: 'REFRESH' });
    scripted.settle(failed);
    await tick();
    expect(actor.getSnapshot().context.data?.items).toHaveLength(1);
    actor.send({ type: 'HIDE' });
    expect(actor.getSnapshot().context.data).toBeNull();
  });
});
