import { createActor, transition, type AnyActorScope, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { getShortestPaths, getStateNodes } from 'xstate/graph';

// Path generation and coverage, free of any test runner: Vitest (tests/machines) and Playwright (the
// editor's paths replayed in a browser) both use them.

/** A generated test path: the events to send and the state value expected after each. */
export interface ModelPath {
  name: string;
  steps: Array<{ event: EventObject; value: StateValue }>;
  /** The machine's input at the start of the path, when it has one. */
  input?: unknown;
  /** Set on a shortest path extended by one more event (generatePaths' transition cover). */
  extension?: true;
}

/** Per machine: states and transitions the generated paths reach, out of all. */
export interface CoverageReport {
  machine: string;
  statesReached: number;
  statesTotal: number;
  transitionsReached: number;
  transitionsTotal: number;
}

interface ModelOptions {
  /** The machine's input, when it takes one. */
  input?: unknown;
  /** The events worth trying in a state (user events and xstate.done/error.actor.* outcomes). */
  events(snapshot: ReturnType<AnyStateMachine['transition']>): EventObject[];
  /** How states are told apart; by value unless the context matters. */
  serialize?(snapshot: ReturnType<AnyStateMachine['transition']>): string;
}

/** An event as path names show it: xstate.done.actor.x as done:x. */
export function describeEvent(event: EventObject): string {
  return event.type.replace(/^xstate\.(done|error)\.actor\./, (_m, kind) => (kind === 'done' ? 'done:' : 'error:'));
}

/**
 * Generates a transition cover: the shortest path to every state, then each of those
 * extended by every event that state handles, so every reachable transition is walked.
 */
export function generatePaths(machine: AnyStateMachine, options: ModelOptions): ModelPath[] {
  const serialize = options.serialize ?? ((s) => JSON.stringify(s.value));
  const shortest = getShortestPaths(machine, { events: options.events as never, serializeState: serialize as never, input: options.input });
  const paths: ModelPath[] = [];
  for (const path of shortest) {
    const steps = path.steps.slice(1).map((step) => ({ event: step.event as EventObject, value: step.state.value as StateValue }));
    paths.push({ name: steps.map((s) => describeEvent(s.event)).join(' → ') || '(initial)', steps, input: options.input });
    for (const event of options.events(path.state)) {
      if (machine.getTransitionData(path.state as never, event as never).length === 0) continue;
      const [next] = transition(machine, path.state as never, event as never);
      const extended = [...steps, { event, value: (next as { value: StateValue }).value }];
      paths.push({ name: extended.map((s) => describeEvent(s.event)).join(' → '), steps: extended, input: options.input, extension: true });
    }
  }
  return paths;
}

function activeNodeIds(machine: AnyStateMachine, value: StateValue, prefix = machine.id): string[] {
  if (typeof value === 'string') return [`${prefix}.${value}`];
  return Object.entries(value).flatMap(([key, child]) => [`${prefix}.${key}`, ...activeNodeIds(machine, child as StateValue, `${prefix}.${key}`)]);
}

/**
 * Runs the paths through the machine's own transition function, reporting every microstep: the
 * transitions taken (eventless `always` ones included, which the event alone does not reveal) and
 * the state reached. Like xstate's pure `transition()`, actions and child actors are not run.
 */
function walk(machine: AnyStateMachine, paths: ModelPath[], onStep: (transitions: unknown[], value: StateValue) => void): void {
  let recording = false;
  const probe = createActor(machine, {
    input: paths[0]?.input,
    inspect: (event) => {
      if (recording && event.type === '@xstate.microstep') onStep(event._transitions, (event.snapshot as unknown as { value: StateValue }).value);
    },
  });
  // The same inert scope xstate's transition() builds, but on a system whose inspection we receive.
  const noop = () => {};
  const scope = {
    self: probe,
    system: probe.system,
    id: '',
    sessionId: '',
    defer: noop,
    logger: noop,
    stopChild: noop,
    emit: noop,
    actionExecutor: noop,
  } as unknown as AnyActorScope;
  recording = true;
  for (const path of paths) {
    let snapshot = machine.getInitialSnapshot(scope, path.input);
    onStep([], (snapshot as { value: StateValue }).value);
    for (const step of path.steps) snapshot = machine.transition(snapshot, step.event, scope);
  }
}

/** The states (ids) and transitions (eventless ones included) of the machine the paths walk. */
function reachedBy(machine: AnyStateMachine, paths: ModelPath[]): { states: Set<string>; transitions: Set<unknown> } {
  const reached = { states: new Set<string>(), transitions: new Set<unknown>() };
  walk(machine, paths, (transitions, value) => {
    transitions.forEach((t) => reached.transitions.add(t));
    activeNodeIds(machine, value).forEach((id) => reached.states.add(id));
  });
  return reached;
}

function allTransitionsOf(machine: AnyStateMachine): unknown[] {
  return getStateNodes(machine.root).flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])]);
}

/** Measures which states and transitions (eventless ones included) of the machine the paths walk. */
export function measureCoverage(machine: AnyStateMachine, paths: ModelPath[]): CoverageReport {
  const stateIds = getStateNodes(machine.root).map((n) => n.id);
  const allTransitions = allTransitionsOf(machine);
  const reached = reachedBy(machine, paths);
  return {
    machine: machine.id,
    statesReached: stateIds.filter((id) => reached.states.has(id)).length,
    statesTotal: stateIds.length,
    transitionsReached: allTransitions.filter((t) => reached.transitions.has(t)).length,
    transitionsTotal: allTransitions.length,
  };
}

/**
 * Every shortest path, plus only those extensions that walk a transition no path before them did:
 * the same coverage as the whole transition cover, in far fewer paths (for slow drivers, a browser).
 */
export function coveringPaths(machine: AnyStateMachine, paths: ModelPath[]): ModelPath[] {
  const chosen = paths.filter((p) => !p.extension);
  const walked = reachedBy(machine, chosen).transitions;
  for (const path of paths.filter((p) => p.extension)) {
    const fresh = [...reachedBy(machine, [path]).transitions].filter((t) => !walked.has(t));
    if (fresh.length === 0) continue;
    chosen.push(path);
    fresh.forEach((t) => walked.add(t));
  }
  return chosen;
}

/** The line the coverage step prints for a machine. */
export function formatCoverage(report: CoverageReport, label = report.machine): string {
  const pct = (a: number, b: number) => ((100 * a) / b).toFixed(1);
  return (
    `[coverage] ${label}: states ${report.statesReached}/${report.statesTotal} (${pct(report.statesReached, report.statesTotal)}%), ` +
    `transitions ${report.transitionsReached}/${report.transitionsTotal} (${pct(report.transitionsReached, report.transitionsTotal)}%)`
  );
}
