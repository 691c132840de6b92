import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Scene } from '../../../src/editor/model/scene';
import { editorMachine } from '../../../src/machines/editor.machine';
import { mapPerson, translation } from '../../../src/pose';
import { notificationStore, notify } from '../../../src/ui/notify/notifications';
import { changedFigures, notifyUndoable, UNDO_NOTICE_MS } from '../../../src/ui/notify/undoNotice';
import { sampleScene } from '../editor/scenes';

describe('notifications', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps errors for 2 s and warnings for 3 s', () => {
    vi.useFakeTimers();
    notify('error', '40001: width must be at most 1024');
    notify('warning', 'Please log in first');
    expect(notificationStore.get().map((m) => m.type)).toEqual(['error', 'warning']);
    vi.advanceTimersByTime(2000);
    expect(notificationStore.get().map((m) => m.type)).toEqual(['warning']);
    vi.advanceTimersByTime(1000);
    expect(notificationStore.get()).toEqual([]);
  });
});

describe('the notice of an edit that replaced figures', () => {
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const actor = createActor(editorMachine, { input: { scene: sampleScene() } });
    actor.start();
    return actor;
  };
  // Every figure moved: a pose put in place of the scene's.
  const moveAll = (scene: Scene): Scene => ({ ...scene, pose: { ...scene.pose, people: scene.pose.people.map((p) => mapPerson(p, translation(10, 0))) } });

  it('has an Undo that takes back that edit when it replaced more than one figure, and goes when the document changes again', () => {
    vi.useFakeTimers();
    const actor = start();
    const before = actor.getSnapshot().context.scene;
    actor.send({ type: 'COMMIT', scene: moveAll(before) });
    notifyUndoable(actor, before, 'Replaced');
    const [shown] = notificationStore.get();
    expect(shown).toMatchObject({ content: 'Replaced' });
    shown!.undo!();
    expect(actor.getSnapshot().context.scene).toBe(before);

    actor.send({ type: 'COMMIT', scene: moveAll(before) });
    notifyUndoable(actor, before, 'Replaced again');
    expect(notificationStore.get().at(-1)?.undo).toBeDefined();
    actor.send({ type: 'COMMIT', scene: moveAll(actor.getSnapshot().context.scene) });
    expect(notificationStore.get().some((m) => m.content === 'Replaced again')).toBe(false);
    vi.advanceTimersByTime(UNDO_NOTICE_MS);
    expect(notificationStore.get()).toEqual([]);
  });

  it('is a plain message when one figure or none changed', () => {
    vi.useFakeTimers();
    const actor = start();
    const before = actor.getSnapshot().context.scene;
    const people = before.pose.people.slice();
    people[0] = mapPerson(people[0]!, translation(10, 0));
    actor.send({ type: 'COMMIT', scene: { ...before, pose: { ...before.pose, people } } });
    expect(changedFigures(before, actor.getSnapshot().context.scene)).toBe(1);
    notifyUndoable(actor, before, 'Posed');
    expect(notificationStore.get().at(-1)).toMatchObject({ content: 'Posed' });
    expect(notificationStore.get().at(-1)?.undo).toBeUndefined();
    vi.advanceTimersByTime(UNDO_NOTICE_MS);
  });
});
