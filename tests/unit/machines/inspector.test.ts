import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, toPromise, type InspectionEvent } from 'xstate';
import { inspectorRequested, redactInspection, stripSecrets } from '../../../src/machines/inspector';

describe('inspector', () => {
  it('is switched on by ?inspect or VITE_INSPECT=true only', () => {
    expect(inspectorRequested('?inspect', undefined)).toBe(true);
    expect(inspectorRequested('?lng=zh&inspect=1', undefined)).toBe(true);
    expect(inspectorRequested('', 'true')).toBe(true);
    expect(inspectorRequested('?inspector-off', 'false')).toBe(false);
  });

  it('never shows tokens, passwords or codes', () => {
    const context = {
      user: { displayName: 'Ada', email: 'ada@example.com', accessToken: 'eyJ...', stsTokenManager: { refreshToken: 'r' } },
      form: { password: 'secret123', oobCode: 'abc' },
      list: [{ access_token: 't' }],
      headers: { Authorization: 'Bearer x' },
    };
    expect(stripSecrets(context)).toEqual({
      user: { displayName: 'Ada', email: 'ada@example.com', accessToken: '[redacted]', stsTokenManager: '[redacted]' },
      form: { password: '[redacted]', oobCode: '[redacted]' },
      list: [{ access_token: '[redacted]' }],
      headers: { Authorization: '[redacted]' },
    });
    expect(context.form.password).toBe('secret123');
  });

  it("strips a child actor's output too: a refreshed token never reaches the inspector", async () => {
    const machine = createMachine({
      id: 'session',
      initial: 'refreshing',
      states: {
        refreshing: { invoke: { id: 'refresh', src: fromPromise(async () => ({ accessToken: 'fresh-token-123', expirationTime: 1 })), onDone: 'done' } },
        done: { type: 'final' },
      },
    });
    const seen: InspectionEvent[] = [];
    const actor = createActor(machine, { inspect: (event) => seen.push(event) });
    actor.start();
    await toPromise(actor);
    const snapshots = seen.filter((e): e is Extract<InspectionEvent, { type: '@xstate.snapshot' }> => e.type === '@xstate.snapshot');
    const promiseDone = snapshots.find((e) => (e.snapshot as { output?: unknown }).output !== undefined && e.actorRef !== actor);
    expect(promiseDone, 'the promise actor reports its output').toBeDefined();
    expect(JSON.stringify(promiseDone!.snapshot)).toContain('fresh-token-123');
    const shown = snapshots.map((e) => JSON.stringify((redactInspection(e) as typeof e).snapshot));
    expect(shown.join()).not.toContain('fresh-token-123');
    expect(JSON.parse(JSON.stringify((redactInspection(promiseDone!) as NonNullable<typeof promiseDone>).snapshot)).output).toEqual({
      accessToken: '[redacted]',
      expirationTime: 1,
    });
  });
});
