// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  authMachine,
  SIGN_IN_SUCCESS_URL,
  type AuthEvent,
  type AuthStateValue,
  type AuthUser,
  type FreshToken,
  writeStoredUser,
} from '../../src/machines/auth.machine';
import { STORAGE_KEYS } from '../../src/api/contract';
import { SessionModel, type SessionSeen } from './authModel';
import { expectCoverage, measureCoverage, type ModelPath } from './modelBased';

// Model-based tests: paths come from the machine's own graph, and a real actor is driven along each one;
// after every step what the page shows, keeps and does is checked against the session model (authModel.ts).
// Invoked actors never settle by themselves here; their outcomes are the explicit xstate.done/error events below.

const EXPIRES = 1_000_000;
const USER: AuthUser = { displayName: 'ada Lovelace', email: 'ada@example.com', accessToken: 'token-1', expirationTime: EXPIRES };
const FRESH: FreshToken = { accessToken: 'token-2', expirationTime: EXPIRES + 3_600_000 };

const EVENTS = [
  { type: 'OPEN_MODAL' },
  { type: 'CLOSE_MODAL' },
  { type: 'SIGNED_IN', user: USER },
  // The provider reporting the same user with a new token (its own refresh).
  { type: 'SIGNED_IN', user: { ...USER, accessToken: 'token-3' } },
  { type: 'SIGNED_OUT' },
  { type: 'LOG_OUT' },
  { type: 'TOKEN_NEEDED', now: EXPIRES - 1 },
  { type: 'TOKEN_NEEDED', now: EXPIRES },
  { type: 'xstate.done.actor.refreshToken', output: FRESH },
  { type: 'xstate.error.actor.refreshToken', error: { code: 'auth/network-request-failed' } },
  { type: 'xstate.error.actor.refreshToken', error: { code: 'auth/user-token-expired' } },
  { type: 'xstate.done.actor.providerSignOut' },
  { type: 'xstate.error.actor.providerSignOut', error: new Error('offline') },
] as unknown as AuthEvent[];

const ALL_STATES: AuthStateValue[] = ['signedOut', 'modalOpen', 'signedIn', 'refreshing', 'signingOut'];

type Snapshot = SnapshotFrom<typeof authMachine>;
const valueOf = (s: Snapshot) => s.value as AuthStateValue;
// States are told apart by value and which token is held; the state space would never end otherwise.
const serializeState = (s: Snapshot) => JSON.stringify([s.value, s.context.user?.accessToken ?? null]);
const serializeEvent = (e: AnyEventObject) => JSON.stringify(e);

/** The machine with spies for navigation and actors that wait for the test to settle them. */
function instrumented() {
  const spies = { navigateHome: vi.fn(), navigateToSuccessUrl: vi.fn(), refreshStarted: vi.fn(), signOutStarted: vi.fn() };
  const machine = authMachine.provide({
    actions: { navigateHome: spies.navigateHome, navigateToSuccessUrl: spies.navigateToSuccessUrl },
    actors: {
      refreshToken: fromPromise<FreshToken>(() => {
        spies.refreshStarted();
        return new Promise(() => {});
      }),
      providerSignOut: fromPromise<void>(() => {
        spies.signOutStarted();
        return new Promise(() => {});
      }),
    },
  });
  return { machine, spies };
}

/** An invoked actor's done/error events only come while its state is active (an unhandled error event would fail the actor). */
const INVOKED_IN: Record<string, AuthStateValue> = { refreshToken: 'refreshing', providerSignOut: 'signingOut' };
const filterEvents = (s: Snapshot, e: AuthEvent) => {
  const actorId = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(e.type)?.[1];
  return !actorId || valueOf(s) === INVOKED_IN[actorId];
};
const traversal = { events: EVENTS, serializeState, serializeEvent, filterEvents };
/** The two ways a page starts: nobody cached, or a user cached in local storage (the eventless hop to signedIn). */
const STARTS: Array<{ name: string; input: { user?: AuthUser } }> = [
  { name: 'fresh', input: {} },
  { name: 'cached user', input: { user: USER } },
];
type Step = { event: AuthEvent; state: Snapshot };
// The graph's paths begin with the machine's own xstate.init step; the actor takes that itself on start.
const eventsOf = (steps: Step[]) => steps.filter((s) => (s.event as { type: string }).type !== 'xstate.init');
const stored = () => ({
  token: localStorage.getItem(STORAGE_KEYS.accessToken),
  expiration: localStorage.getItem(STORAGE_KEYS.expirationTime),
  profile: localStorage.getItem(STORAGE_KEYS.profile),
});

/** What the page shows and keeps of the actor's session (the header reads the signedIn tag), and what the step made happen. */
function seenOn(snapshot: Snapshot, spies: ReturnType<typeof instrumented>['spies']): SessionSeen {
  const effects = Object.fromEntries(Object.entries(spies).map(([name, spy]) => [name, spy.mock.calls.length])) as SessionSeen['effects'];
  return { signedIn: snapshot.hasTag('signedIn'), modalOpen: snapshot.matches('modalOpen'), stored: stored(), effects };
}

/** Drives a real actor along a generated path from a start, checking after every step what the page shows, keeps and does against the model. */
function runPath(steps: Step[], input: { user?: AuthUser } = {}) {
  localStorage.clear();
  // A cached user is what local storage held when the page loaded.
  if (input.user) writeStoredUser(input.user);
  const { machine, spies } = instrumented();
  const model = new SessionModel(input.user ?? null);
  const actor = createActor(machine, { input }).start();
  expect(seenOn(actor.getSnapshot(), spies)).toEqual(model.seen());
  for (const step of eventsOf(steps)) {
    Object.values(spies).forEach((spy) => spy.mockClear());
    actor.send(step.event);
    model.step(step.event as never);
    expect(seenOn(actor.getSnapshot(), spies), `after ${serializeEvent(step.event)}`).toEqual(model.seen());
  }
  actor.stop();
}

beforeEach(() => localStorage.clear());

describe.each(STARTS)('auth machine, model-based, $name start', ({ input }) => {
  const { machine } = instrumented();
  const graph = { ...traversal, input };
  const shortest = getShortestPaths(machine, graph);

  it('reaches every state', () => {
    expect(new Set(shortest.map((p) => valueOf(p.state)))).toEqual(new Set(ALL_STATES));
  });

  describe.each(shortest.map((p) => [serializeState(p.state), p] as const))('shortest path to %s', (_name, path) => {
    it('shows, stores and navigates as the session model says', () => runPath(path.steps, input));
  });

  // Every transition of the graph, taken from the end of the shortest path to its source state.
  const adjacency = getAdjacencyMap(machine, graph);
  const edges = Object.entries(adjacency).flatMap(([key, { transitions }]) =>
    (Object.values(transitions) as Step[]).map(({ event, state }) => ({ key, event, state })),
  );
  describe.each(edges.map((e) => [`${e.key} + ${serializeEvent(e.event)}`, e] as const))('transition %s', (_name, edge) => {
    it('behaves as the model says', () => {
      const prefix = shortest.find((p) => serializeState(p.state) === edge.key)!;
      runPath([...prefix.steps, { event: edge.event, state: edge.state }], input);
    });
  });

  it('follows every simple path (no state twice) through the graph', () => {
    const simple = getSimplePaths(machine, graph);
    expect(simple.length).toBeGreaterThan(shortest.length);
    for (const path of simple) runPath(path.steps, input);
  });
});

describe('auth machine, model-based coverage', () => {
  it('covers every state and at least 90% of transitions, from both starts', () => {
    const { machine } = instrumented();
    // The paths the tests above drive: shortest paths and each of them extended by every edge, from each start.
    const paths: ModelPath[] = STARTS.flatMap(({ name, input }) => {
      const graph = { ...traversal, input };
      const shortest = getShortestPaths(machine, graph);
      const edges = Object.entries(getAdjacencyMap(machine, graph)).flatMap(([key, { transitions }]) =>
        (Object.values(transitions) as Step[]).map((edge) => [...shortest.find((p) => serializeState(p.state) === key)!.steps, edge]),
      );
      return [...shortest.map((p) => p.steps), ...edges].map((steps) => ({
        name: `${name}: ${eventsOf(steps)
          .map((s) => s.event.type)
          .join(' → ')}`,
        input,
        steps: eventsOf(steps).map((s) => ({ event: s.event, value: s.state.value })),
      }));
    });
    expectCoverage(measureCoverage(machine, paths));
  });
});

describe('auth machine, start-up and guards', () => {
  it('starts signed in from a cached user, without writing or navigating', () => {
    const { machine, spies } = instrumented();
    const actor = createActor(machine, { input: { user: USER } }).start();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(stored().token).toBeNull(); // hydration reads storage; it does not need to write it back
    expect(spies.navigateHome).not.toHaveBeenCalled();
  });

  it('refreshes at the expiration time, not a millisecond before', () => {
    const { machine } = instrumented();
    const actor = createActor(machine, { input: { user: USER } }).start();
    actor.send({ type: 'TOKEN_NEEDED', now: EXPIRES - 1 });
    expect(actor.getSnapshot().value).toBe('signedIn');
    actor.send({ type: 'TOKEN_NEEDED', now: EXPIRES });
    expect(actor.getSnapshot().value).toBe('refreshing');
  });

  it('ignores a user the provider restores while signing out', () => {
    const { machine } = instrumented();
    const actor = createActor(machine, { input: { user: USER } }).start();
    actor.send({ type: 'LOG_OUT' });
    actor.send({ type: 'SIGNED_IN', user: USER });
    expect(actor.getSnapshot().value).toBe('signingOut');
    expect(stored().token).toBeNull();
  });

  it('carries the signedIn tag while signed in and while refreshing, and only then', () => {
    const { machine } = instrumented();
    const actor = createActor(machine, { input: { user: null } }).start();
    const tagged = () => actor.getSnapshot().hasTag('signedIn');
    expect(tagged()).toBe(false);
    actor.send({ type: 'OPEN_MODAL' });
    expect(tagged()).toBe(false);
    actor.send({ type: 'SIGNED_IN', user: USER });
    expect(tagged()).toBe(true);
    actor.send({ type: 'TOKEN_NEEDED', now: EXPIRES });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(tagged()).toBe(true);
    actor.send({ type: 'LOG_OUT' });
    expect(tagged()).toBe(false);
  });

  it('uses the widget success URL /pose', () => {
    expect(SIGN_IN_SUCCESS_URL).toBe('/pose');
  });
});
