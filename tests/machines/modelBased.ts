import { createActor, type AnyActorRef, type EventObject } from 'xstate';
import { expect } from 'vitest';
import { describeEvent, formatCoverage, type CoverageReport, type ModelPath } from './modelPaths';

// The Vitest side of the model-based tests: the coverage gate and replaying paths on real actors.
export { generatePaths, measureCoverage, type CoverageReport, type ModelPath } from './modelPaths';

/** Prints a coverage line and fails below 100% of states or 90% of transitions. */
export function expectCoverage(report: CoverageReport): void {
  console.log(formatCoverage(report));
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

/** A request a child actor was started to make: which one, and with what. */
export interface Request {
  id: string;
  input: unknown;
}

/** One step of a path as a user or caller notices it: what was seen before and after, and the requests it started. */
export interface Observed<Seen> {
  event: EventObject;
  before: Seen;
  after: Seen;
  requests: Request[];
}

/** Lets promise outcomes (they reach the machine on later microtasks) and the effects they start settle. */
async function settleEffects(): Promise<void> {
  // setImmediate runs once the microtasks (where promise outcomes travel) are done, without a timer's 1 ms.
  for (let i = 0; i < 2; i++) await new Promise((r) => setImmediate(r));
}

/**
 * Drives a real actor along a generated path. After every step `expectStep` checks what a user or
 * caller notices (`see`: what the page shows, tags; the requests the step started) against the
 * test's own model of the behaviour, so a path can fail: nothing the machine computed is the
 * expected value. An actor outcome the path settles that the real actor never started fails too.
 */
export async function followPath<Seen>(
  actor: AnyActorRef,
  scripted: ScriptedActors,
  path: ModelPath,
  see: () => Seen,
  expectStep: (step: Observed<Seen>, label: string) => void,
): Promise<void> {
  for (const [i, step] of path.steps.entries()) {
    const before = see();
    const startedBefore = scripted.started.length;
    if (!scripted.settle(step.event)) actor.send(step.event);
    await settleEffects();
    expectStep(
      { event: step.event, before, after: see(), requests: scripted.started.slice(startedBefore) },
      `${path.name}, step ${i + 1} (${describeEvent(step.event)})`,
    );
  }
}

/** Replays a path on a real actor, checking the state value after every step (the editor's paths, also replayed in a browser). */
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
