import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { BODY } from '../../src/pose/index.js';
import { DRAG_THRESHOLD_PX, editorMachine, type EditorEvent } from '../../src/machines/editor.machine';
import { appendEntities } from '../../src/editor/model/entities';
import { HISTORY_LIMIT } from '../../src/editor/model/history';
import { fullPerson, sampleScene } from '../unit/editor/scenes';
import { expectCoverage, generatePaths, measureCoverage, replayPath, ScriptedActors } from './modelBased';

const scene = sampleScene();
const P0 = { kind: 'person' as const, index: 0 };
const wrist = { entity: P0, part: 'body' as const, index: BODY.right_wrist };
const at = (x: number, y: number) => ({ point: { x, y }, screen: { x, y } });
const bigger = appendEntities(scene, [fullPerson(300)], []).scene;

const EVENTS: EditorEvent[] = [
  { type: 'POINTER_DOWN', target: { kind: 'joint', joint: wrist }, ...at(100, 100), shift: false },
  { type: 'POINTER_DOWN', target: { kind: 'joint', joint: { entity: { kind: 'person', index: 1 }, part: 'body', index: 0 } }, ...at(100, 100), shift: false },
  { type: 'POINTER_DOWN', target: { kind: 'entity', entity: P0 }, ...at(100, 100), shift: true },
  { type: 'POINTER_DOWN', target: { kind: 'handle', handle: 'rotate' }, ...at(100, 100), shift: false },
  { type: 'POINTER_DOWN', target: { kind: 'none' }, ...at(100, 100), shift: false },
  { type: 'POINTER_MOVE', ...at(101, 101) },
  { type: 'POINTER_MOVE', ...at(140, 160) },
  { type: 'POINTER_UP', point: { x: 140, y: 160 }, shift: false },
  { type: 'CANCEL' },
  { type: 'PAN_START' },
  { type: 'PAN_END' },
  { type: 'COMMIT', scene: bigger },
  { type: 'SELECT', selection: { entities: [P0], joint: null } },
  { type: 'SET_JOINT', joint: wrist, point: { x: 90, y: 90 } },
  { type: 'PUSH_JOINT', joint: wrist, dz: 20 },
  { type: 'UNDO' },
  { type: 'REDO' },
  { type: 'TOGGLE_SYMMETRY' },
  { type: 'TOGGLE_KEEP_LENGTHS' },
  { type: 'RESIZE', width: 600, height: 900, fit: 'fit' },
];

type Snap = ReturnType<typeof editorMachine.transition>;
// States differ by value and by what the guards read: whether there is history to undo or
// redo, and what is selected (a press on a handle needs an unlocked selection).
const serialize = (s: Snap) =>
  JSON.stringify([s.value, s.context.past.length > 0, s.context.future.length > 0, s.context.selection.entities, s.context.selection.joint]);

const input = { input: { scene } };
const paths = generatePaths(editorMachine, { input: input.input, events: () => EVENTS as EventObject[], serialize: serialize as never });

const start = () => createActor(editorMachine, input).start();

describe('editor machine, model-based', () => {
  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const actor = start();
    await replayPath(actor, new ScriptedActors(), path);
    actor.stop();
  });

  it('covers every state and at least 90% of transitions', () => {
    expectCoverage(measureCoverage(editorMachine, paths));
  });
});

describe('editor machine, drags, cancel and history', () => {
  const press = (actor: ReturnType<typeof start>, x = 100, y = 100) =>
    actor.send({ type: 'POINTER_DOWN', target: { kind: 'joint', joint: wrist }, ...at(x, y), shift: false });

  it('stays pointing inside the drag threshold and becomes a drag past it', () => {
    const actor = start();
    press(actor);
    actor.send({ type: 'POINTER_MOVE', ...at(100 + DRAG_THRESHOLD_PX - 1, 100) });
    expect(actor.getSnapshot().value).toBe('pointing');
    actor.send({ type: 'POINTER_MOVE', ...at(100 + DRAG_THRESHOLD_PX, 100) });
    expect(actor.getSnapshot().value).toBe('dragging');
  });

  it('commits a drag on release as one undoable step, by the pointer delta', () => {
    const actor = start();
    press(actor);
    actor.send({ type: 'POINTER_MOVE', ...at(130, 80) });
    actor.send({ type: 'POINTER_MOVE', ...at(150, 60) });
    expect(actor.getSnapshot().context.scene).toBe(scene);
    actor.send({ type: 'POINTER_UP', point: { x: 150, y: 60 }, shift: false });
    const { context } = actor.getSnapshot();
    const before = scene.pose.people[0]!.body[BODY.right_wrist]!;
    expect(context.scene.pose.people[0]!.body[BODY.right_wrist]).toEqual({ x: before.x + 50, y: before.y - 40, visible: true });
    expect(context.past).toEqual([scene]);
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.scene).toBe(scene);
    actor.send({ type: 'REDO' });
    expect(actor.getSnapshot().context.scene).toBe(context.scene);
  });

  it('Esc in the middle of a drag returns to where it started, with nothing to undo', () => {
    const actor = start();
    press(actor);
    actor.send({ type: 'POINTER_MOVE', ...at(200, 200) });
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'POINTER_UP', point: { x: 200, y: 200 }, shift: false });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.scene).toBe(scene);
    expect(actor.getSnapshot().context.past).toEqual([]);
    // The joint stays selected; a second Esc clears the selection.
    expect(actor.getSnapshot().context.selection.joint).toEqual(wrist);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().context.selection.entities).toEqual([]);
  });

  it('a marquee selects what it meets', () => {
    const actor = start();
    actor.send({ type: 'POINTER_DOWN', target: { kind: 'none' }, ...at(0, 0), shift: false });
    actor.send({ type: 'POINTER_MOVE', ...at(400, 600) });
    expect(actor.getSnapshot().value).toBe('brushing');
    actor.send({ type: 'POINTER_UP', point: { x: 400, y: 600 }, shift: false });
    expect(actor.getSnapshot().context.selection.entities).toHaveLength(3);
  });

  it('a canvas resize is one undoable edit that scales poses uniformly (fit, centred), and drops a drag', () => {
    const actor = start();
    actor.send({ type: 'COMMIT', scene: bigger });
    press(actor);
    actor.send({ type: 'POINTER_MOVE', ...at(150, 150) });
    actor.send({ type: 'RESIZE', width: 800, height: 300, fit: 'fit' });
    const { context, value } = actor.getSnapshot();
    expect(value).toBe('idle');
    // 400 x 600 fitted into 800 x 300: scaled by 0.5 in both axes, centred (300 px in from the left).
    const [a, b] = [bigger.pose.people[0]!.body[0]!, context.scene.pose.people[0]!.body[0]!];
    expect([b.x, b.y]).toEqual([a.x * 0.5 + 300, a.y * 0.5]);
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.scene).toBe(bigger);
    actor.send({ type: 'REDO' });
    expect(actor.getSnapshot().context.scene.pose.canvas_width).toBe(800);
  });

  it('the reference image is part of the document: setting it is undoable, and a run of opacity changes is one step', () => {
    const actor = start();
    actor.send({ type: 'SET_REFERENCE', reference: { image: 'data:image/png;base64,AAAA' } });
    for (const opacity of [0.6, 0.7, 0.8]) actor.send({ type: 'SET_REFERENCE', reference: { opacity } });
    expect(actor.getSnapshot().context.scene.reference).toEqual({ image: 'data:image/png;base64,AAAA', opacity: 0.8 });
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.scene.reference).toEqual({ image: 'data:image/png;base64,AAAA', opacity: 0.5 });
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.scene.reference.image).toBeNull();
    expect(actor.getSnapshot().context.past).toEqual([]);
  });

  it('ignores a commit that changes nothing and keeps at most HISTORY_LIMIT steps', () => {
    const actor = start();
    actor.send({ type: 'COMMIT', scene });
    expect(actor.getSnapshot().context.past).toEqual([]);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) actor.send({ type: 'SET_JOINT', joint: wrist, point: { x: 50 + i, y: 50 } });
    expect(actor.getSnapshot().context.past).toHaveLength(HISTORY_LIMIT);
    expect(actor.getSnapshot().context.future).toEqual([]);
  });

  it('does not edit during a gesture', () => {
    const actor = start();
    press(actor);
    actor.send({ type: 'COMMIT', scene: bigger });
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.scene).toBe(scene);
  });
});
