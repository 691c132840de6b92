import { describe, expect, it } from 'vitest';
import { fromPromise, setup, type EventObject } from 'xstate';
import { expectCoverage, generatePaths, measureCoverage } from './modelBased';

// The coverage step itself: what it counts and that it fails a machine the paths do not cover.

/** A small machine with the three kinds of transition: on an event, on an invoked actor's outcome, and eventless. */
const door = setup({
  types: { context: {} as { open: boolean }, input: {} as { open?: boolean } | undefined },
  actors: { motor: fromPromise(async () => undefined) },
}).createMachine({
  id: 'door',
  initial: 'closed',
  context: ({ input }) => ({ open: input?.open ?? false }),
  states: {
    closed: {
      always: { guard: ({ context }) => context.open, target: 'open' },
      on: { OPEN: 'opening', LOCK: 'locked' },
    },
    opening: { invoke: { id: 'motor', src: 'motor', onDone: 'open', onError: 'closed' } },
    open: { on: { CLOSE: 'closed' } },
    locked: { on: { UNLOCK: 'closed' } },
  },
});

const events: EventObject[] = [
  { type: 'OPEN' },
  { type: 'CLOSE' },
  { type: 'LOCK' },
  { type: 'UNLOCK' },
  { type: 'xstate.done.actor.motor' },
  { type: 'xstate.error.actor.motor' },
];

describe('model-based coverage', () => {
  it('counts event, actor-outcome and eventless transitions, and states the paths reach', () => {
    const paths = generatePaths(door, { events: () => events });
    // Seven transitions in all; the eventless one only fires when the door starts open.
    expect(measureCoverage(door, paths)).toEqual({ machine: 'door', statesReached: 4, statesTotal: 4, transitionsReached: 6, transitionsTotal: 7 });
    const fromOpen = { name: 'starts open', input: { open: true }, steps: [] };
    expect(measureCoverage(door, [...paths, fromOpen]).transitionsReached).toBe(7);
  });

  it('fails below every state or below 90% of transitions', () => {
    const paths = generatePaths(door, { events: () => events });
    expect(() => expectCoverage(measureCoverage(door, paths))).toThrow(/transitions reached/);
    const noLock = paths.filter((p) => !p.steps.some((s) => s.event.type === 'LOCK'));
    expect(() => expectCoverage(measureCoverage(door, noLock))).toThrow(/every state reached/);
    const all = [...paths, { name: 'starts open', input: { open: true }, steps: [] }];
    expect(() => expectCoverage(measureCoverage(door, all))).not.toThrow();
  });
});
