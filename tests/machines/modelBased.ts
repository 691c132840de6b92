import { createActor, initialTransition, transition, type AnyActorRef, type AnyStateMachine, type EventObject, type StateValue } from 'xstate';
import { getShortestPaths, getStateNodes } from 'xstate/graph';
import { expect } from 'vitest';

/** A generated test path: the events to send and the state value expected after each. */
export interface ModelPath {
  name: string;
  steps: Array<{ event: EventObject; value: StateValue }>;
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
  /** The events worth trying in a state (user events and xstate.done/error.actor.* outcomes). */
  events(snapshot: ReturnType<AnyStateMachine['transition']>): EventObject[];
  /** How states are told apart; by value unless the context matters. */
  serialize?(snapshot: ReturnType<AnyStateMachine['transition']>): string;
}

function describeEvent(event: EventObject): string {
  return event.type.replace(/^xstate\.(done|error)\.actor\./, (_m, kind) => (kind === 'done' ? 'done:' : 'error:'));
}

/**
 * Generates a transition cover: the shortest path to every state, then each of those
 * extended by every event that state handles, so every reachable transition is walked.
 */
export function generatePaths(machine: AnyStateMachine, options: ModelOptions): ModelPath[] {
  const serialize = options.serialize ?? ((s) => JSON.stringify(s.value));
  const shortest = getShortestPaths(machine, { events: options.events as never, serializeState: serialize as never });
  const paths: ModelPath[] = [];
  for (const path of shortest) {
    const steps = path.steps.slice(1).map((step) => ({ event: step.event as EventObject, value: step.state.value as StateValue }));
    paths.push({ name: steps.map((s) => describeEvent(s.event)).join(' → ') || '(initial)', steps });
    for (const event of options.events(path.state)) {
      if (machine.getTransitionData(path.state as never, event as never).length === 0) continue;
      const [next] = transition(machine, path.state as never, event as never);
      const extended = [...steps, { event, value: (next as { value: StateValue }).value }];
      paths.push({ name: extended.map((s) => describeEvent(s.event)).join(' → '), steps: extended });
    }
  }
  return paths;
}

function activeNodeIds(machine: AnyStateMachine, value: StateValue, prefix = machine.id): string[] {
  if (typeof value === 'string') return [`${prefix}.${value}`];
  return Object.entries(value).flatMap(([key, child]) => [`${prefix}.${key}`, ...activeNodeIds(machine, child as StateValue, `${prefix}.${key}`)]);
}

/** Measures which states and transitions of the machine the paths walk. */
export function measureCoverage(machine: AnyStateMachine, paths: ModelPath[]): CoverageReport {
  const nodes = getStateNodes(machine.root);
  const allTransitions = nodes.flatMap((node) => [...node.transitions.values()].flat());
  const reachedStates = new Set<string>();
  const reachedTransitions = new Set<unknown>();
  for (const path of paths) {
    let [snapshot] = initialTransition(machine);
    activeNodeIds(machine, (snapshot as { value: StateValue }).value).forEach((id) => reachedStates.add(id));
    for (const step of path.steps) {
      machine.getTransitionData(snapshot as never, step.event as never).forEach((t) => reachedTransitions.add(t));
      [snapshot] = transition(machine, snapshot as never, step.event as never);
      activeNodeIds(machine, step.value).forEach((id) => reachedStates.add(id));
    }
  }
  const stateIds = nodes.map((n) => n.id);
  return {
    machine: machine.id,
    statesReached: stateIds.filter((id) => reachedStates.has(id)).length,
    statesTotal: stateIds.length,
    transitionsReached: allTransitions.filter((t) => reachedTransitions.has(t)).length,
    transitionsTotal: allTransitions.length,
  };
}

/** Prints a coverage line and fails below 100% of states or 90% of transitions. */
export function expectCoverage(report: CoverageReport): void {
  const pct = (a: number, b: number) => ((100 * a) / b).toFixed(1);
  console.log(
    `[coverage] ${report.machine}: states ${report.statesReached}/${report.statesTotal} (${pct(report.statesReached, report.statesTotal)}%), ` +
      `transitions ${report.transitionsReached}/${report.transitionsTotal} (${pct(report.transitionsReached, report.transitionsTotal)}%)`,
  );
  expect(report.statesReached, 'every state reached').toBe(report.statesTotal);
  expect(report.transitionsReached / report.transitionsTotal, 'transitions reached').toBeGreaterThanOrEqual(0.9);
}

/** Promise-based child actors whose outcome the test decides, step by step. */
export class ScriptedActors {
  private pending = new Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>();
  readonly started: Array<{ id: string; input: unknown }> = [];

  /** The body of a provided fromPromise actor: waits until the path settles it. */
  wait(id: string, input: unknown, signal: AbortSignal): Promise<unknown> {
    this.started.push({ id, input });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      signal.addEventListener('abort', () => this.pending.delete(id));
    });
  }

  /** Settles the actor named by an xstate.done/error.actor event; false when the event is a plain one. */
  settle(event: EventObject): boolean {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (!match) return false;
    const waiting = this.pending.get(match[2]);
    if (!waiting) throw new Error(`No running actor "${match[2]}" to settle with ${event.type}`);
    this.pending.delete(match[2]);
    if (match[1] === 'done') waiting.resolve((event as { output?: unknown }).output);
    else waiting.reject((event as { error?: unknown }).error);
    return true;
  }
}

/** Replays a path on a real actor, checking the state value after every step. */
export async function replayPath(actor: AnyActorRef, scripted: ScriptedActors, path: ModelPath): Promise<void> {
  for (const [i, step] of path.steps.entries()) {
    if (!scripted.settle(step.event)) actor.send(step.event);
    // Promise outcomes reach the machine on a later microtask.
    for (let tries = 0; tries < 50 && JSON.stringify(actor.getSnapshot().value) !== JSON.stringify(step.value); tries++) {
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(actor.getSnapshot().value, `${path.name}, step ${i + 1} (${describeEvent(step.event)})`).toEqual(step.value);
  }
}

export { createActor };
