// @vitest-environment jsdom
import fc from 'fast-check';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { BODY_LIMBS, BODY_MIRROR, createDefaultPerson, parsePoseJson, toOpenPoseJson, type FrameFit, type PoseDocument } from '../../../src/pose/index.js';
import { getAction, performEdit } from '../../../src/editor/actions/registry';
import type { EditAction } from '../../../src/editor/actions/types';
import { reorderEntities, setName } from '../../../src/editor/model/entities';
import { createScene, entityName, isLocked, pinsOf, shapeKey, type EntityRef, type Scene } from '../../../src/editor/model/scene';
import { EMPTY_SELECTION, type Selection } from '../../../src/editor/model/selection';
import { editorMachine } from '../../../src/machines/editor.machine';
import { PointerController } from '../../../src/canvas/gestures/pointerController';
import { ViewController } from '../../../src/canvas/viewController';
import { readDocument, writeHistory, writeScene } from '../../../src/ui/stores/documentPersistence';

// What the user set on each figure, in the order the people list shows them: the model the editor must agree with.
interface Expected {
  id: string | null;
  name: string;
  locked: boolean;
  pins: Set<number>;
  hiddenByHand: Set<number>;
  wholeHidden: boolean;
}

type Actor = ReturnType<typeof start>;
const start = () => {
  const pose: PoseDocument = {
    canvas_width: 400,
    canvas_height: 600,
    people: [createDefaultPerson({ centre: { x: 130, y: 300 }, height: 400 }), createDefaultPerson({ centre: { x: 270, y: 300 }, height: 360 })],
    animals: [],
  };
  return createActor(editorMachine, { input: { scene: createScene(pose) } }).start();
};
const fresh = (): Expected => ({ id: null, name: '', locked: false, pins: new Set(), hiddenByHand: new Set(), wholeHidden: false });
const copy = (e: Expected): Expected => ({ ...e, id: null, pins: new Set(e.pins), hiddenByHand: new Set(e.hiddenByHand) });
const person = (index: number): EntityRef => ({ kind: 'person', index });
const only = (index: number): Selection => ({ entities: [person(index)], joint: null });
const atJoint = (index: number, joint: number): Selection => ({ entities: [person(index)], joint: { entity: person(index), part: 'body', index: joint } });
const mirrored = (set: Set<number>) => new Set([...set].map((i) => BODY_MIRROR[i] ?? i));

interface World {
  actor: Actor;
  model: Expected[];
  // The model before each edit, for undo and redo to give back.
  past: { scene: Scene; model: Expected[] }[];
  future: { scene: Scene; model: Expected[] }[];
}

const scene = (w: World) => w.actor.getSnapshot().context.scene;
const snapshotModel = (model: Expected[]) => model.map((e) => ({ ...e, pins: new Set(e.pins), hiddenByHand: new Set(e.hiddenByHand) }));

/** Commits a scene as the editor does for an action, keeping the model's own history beside the machine's. */
function commit(w: World, next: { scene: Scene; selection?: Selection }, model: Expected[]): void {
  const before = scene(w);
  w.actor.send({ type: 'COMMIT', scene: next.scene, ...(next.selection ? { selection: next.selection } : {}) });
  if (scene(w) === before) return;
  w.past.push({ scene: before, model: snapshotModel(w.model) });
  w.future = [];
  w.model = model;
}

const act = (w: World, name: string, selection: Selection) => performEdit(getAction(name) as EditAction, scene(w), selection, { symmetry: false });
const pick = (w: World, n: number) => n % w.model.length;

type Command = (w: World) => void;
// Names a command in fast-check's counterexamples.
const named = (label: string, run: Command): Command => Object.assign(run, { [fc.toStringMethod]: () => label });

const COMMAND_NAMES = [
  'add',
  'duplicate',
  'delete',
  'reorder',
  'flip',
  'hidePoint',
  'hidePerson',
  'pin',
  'rename',
  'lock',
  'frame',
  'undo',
  'redo',
  'file',
  'space',
  'reload',
];

const commandList = (): fc.Arbitrary<Command>[] => [
  fc.constant<Command>((w) => commit(w, act(w, 'addPerson', EMPTY_SELECTION), [...w.model, fresh()])),
  fc.nat().map<Command>((n) => (w) => {
    if (!w.model.length) return;
    const i = pick(w, n);
    commit(w, act(w, 'duplicate', only(i)), [...w.model, copy(w.model[i]!)]);
  }),
  fc.nat().map<Command>((n) => (w) => {
    if (!w.model.length) return;
    const i = pick(w, n);
    commit(w, act(w, 'delete', only(i)), w.model[i]!.locked ? w.model : w.model.filter((_, k) => k !== i));
  }),
  fc.tuple(fc.nat(), fc.constantFrom('reorderUp', 'reorderDown', 'bringForward', 'sendBackward')).map<Command>(([n, name]) => (w) => {
    if (!w.model.length) return;
    const i = pick(w, n);
    const to = i + (name === 'reorderDown' || name === 'bringForward' ? 1 : -1);
    if (w.model[i]!.locked || to < 0 || to >= w.model.length) return;
    const model = [...w.model];
    [model[i], model[to]] = [model[to]!, model[i]!];
    commit(w, act(w, name, only(i)), model);
  }),
  fc.nat().map<Command>((n) => (w) => {
    if (!w.model.length) return;
    const i = pick(w, n);
    const e = w.model[i]!;
    const model = [...w.model];
    if (!e.locked) model[i] = { ...e, pins: mirrored(e.pins), hiddenByHand: mirrored(e.hiddenByHand) };
    commit(w, act(w, 'flip', only(i)), model);
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 17 })).map<Command>(([n, joint]) => (w) => {
    if (!w.model.length) return;
    const i = pick(w, n);
    const e = w.model[i]!;
    if (e.locked || e.wholeHidden) return;
    const hidden = new Set(e.hiddenByHand);
    if (hidden.has(joint)) hidden.delete(joint);
    else hidden.add(joint);
    const model = [...w.model];
    model[i] = { ...e, hiddenByHand: hidden };
    commit(w, act(w, 'togglePoint', atJoint(i, joint)), model);
  }),
  fc.nat().map<Command>((n) => (w) => {
    if (!w.model.length) return;
    const i = pick(w, n);
    const e = w.model[i]!;
    if (e.locked) return;
    const model = [...w.model];
    // Nothing shown (every point hidden by hand) shows every point; otherwise it hides or shows the whole.
    const allByHand = !e.wholeHidden && e.hiddenByHand.size === 18;
    model[i] = allByHand ? { ...e, hiddenByHand: new Set() } : { ...e, wholeHidden: !e.wholeHidden };
    commit(w, act(w, 'toggleVisible', only(i)), model);
  }),
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 17 })).map<Command>(([n, joint]) => (w) => {
    if (!w.model.length) return;
    const i = pick(w, n);
    const e = w.model[i]!;
    if (e.locked) return;
    const pins = new Set(e.pins);
    if (pins.has(joint)) pins.delete(joint);
    else pins.add(joint);
    const model = [...w.model];
    model[i] = { ...e, pins };
    commit(w, act(w, 'togglePin', atJoint(i, joint)), model);
  }),
  fc.tuple(fc.nat(), fc.constantFrom('Ada', ' Bo ', '', '小明', "Price $'s")).map<Command>(([n, name]) => (w) => {
    if (!w.model.length) return;
    const i = pick(w, n);
    const model = [...w.model];
    model[i] = { ...w.model[i]!, name: name.trim() };
    commit(w, { scene: setName(scene(w), person(i), name) }, model);
  }),
  fc.nat().map<Command>((n) => (w) => {
    if (!w.model.length) return;
    const i = pick(w, n);
    const model = [...w.model];
    model[i] = { ...w.model[i]!, locked: !w.model[i]!.locked };
    commit(w, act(w, 'lock', only(i)), model);
  }),
  fc
    .tuple(fc.integer({ min: 64, max: 1024 }), fc.integer({ min: 64, max: 1024 }), fc.constantFrom<FrameFit>('fit', 'fill', 'keep'))
    .map<Command>(([width, height, fit]) => (w) => {
      const before = scene(w);
      w.actor.send({ type: 'RESIZE', width, height, fit });
      const after = scene(w);
      if (after === before) return;
      expectSameShapes(before.pose, after.pose);
      w.past.push({ scene: before, model: snapshotModel(w.model) });
      w.future = [];
    }),
  fc.constant<Command>((w) => {
    const step = w.past.pop();
    if (!step) return;
    const current = { scene: scene(w), model: snapshotModel(w.model) };
    w.actor.send({ type: 'UNDO' });
    expect(scene(w)).toEqual(step.scene);
    w.future.push(current);
    w.model = step.model;
  }),
  fc.constant<Command>((w) => {
    const step = w.future.pop();
    if (!step) return;
    const current = { scene: scene(w), model: snapshotModel(w.model) };
    w.actor.send({ type: 'REDO' });
    expect(scene(w)).toEqual(step.scene);
    w.past.push(current);
    w.model = step.model;
  }),
  // Save to the library (or export) and apply (or import): the file the server stores and the user downloads.
  fc.constant<Command>((w) => {
    // A figure hidden as a whole loses its points' places in a file (ControlNet writes hidden points as 0, 0): left out here.
    if (w.model.some((e) => e.wholeHidden)) return;
    const file = JSON.stringify(toOpenPoseJson(scene(w).pose));
    const read = parsePoseJson(file);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    commit(
      w,
      { scene: { ...createScene(read.document), reference: scene(w).reference } },
      w.model.map((e) => ({ ...snapshotModel([e])[0]!, id: null })),
    );
  }),
  // Hold Space after clicking a toolbar button and drag over a figure's wrist: the real pointer controller pans, nothing is edited.
  fc.nat().map<Command>((n) => (w) => {
    if (!w.model.length) return;
    const before = scene(w);
    const wrist = before.pose.people[pick(w, n)]!.body[4]!;
    spaceDragAfterButtonClick(w.actor, wrist);
    expect(scene(w)).toBe(before);
  }),
  // Leave the page and come back (or reload): the document and its history as local storage keeps them.
  fc.constant<Command>((w) => {
    const { scene: before, past, future } = w.actor.getSnapshot().context;
    writeScene(before, null);
    writeHistory({ past, future });
    const stored = readDocument();
    w.actor.stop();
    w.actor = createActor(editorMachine, { input: { scene: stored.scene, history: stored.history } }).start();
    expect(scene(w)).toEqual(before);
    expect(w.actor.getSnapshot().context.past).toEqual(past);
  }),
];

/** A pointer event as the browser sends it (jsdom has no PointerEvent): which pointer, the mouse, the left button. */
function pointer(type: string, at: { x: number; y: number }): Event {
  const event = new MouseEvent(type, { bubbles: true, clientX: at.x, clientY: at.y, button: 0 });
  return Object.assign(event, { pointerId: 1, pointerType: 'mouse' });
}

/** Clicks a toolbar button (focus stays on it), holds Space, drags 140 px from a point through the stage's own pointer controller, lets go. */
function spaceDragAfterButtonClick(actor: Actor, from: { x: number; y: number }): void {
  const button = document.body.appendChild(document.createElement('button'));
  const container = document.body.appendChild(document.createElement('div'));
  const controller = new PointerController({ actor, view: new ViewController(), registry: new Map(), container, marquee: () => null });
  const detach = controller.attach();
  button.focus();
  button.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
  container.dispatchEvent(pointer('pointerdown', from));
  for (let i = 1; i <= 10; i++) container.dispatchEvent(pointer('pointermove', { x: from.x + 14 * i, y: from.y }));
  container.dispatchEvent(pointer('pointerup', { x: from.x + 140, y: from.y }));
  button.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', bubbles: true }));
  detach();
  button.remove();
  container.remove();
}

const commands = () => {
  const list = commandList();
  // One name per command, in order: a counterexample must name the commands it ran.
  expect(list).toHaveLength(COMMAND_NAMES.length);
  return list.map((a, k) => a.map((run) => named(COMMAND_NAMES[k]!, run)));
};

const boneLength = (pose: PoseDocument, p: number, [a, b]: readonly [number, number]) => {
  const [u, v] = [pose.people[p]!.body[a]!, pose.people[p]!.body[b]!];
  return Math.hypot(u.x - v.x, u.y - v.y);
};

// A point with no place (hidden at 0, 0 after a file) has no bone to measure.
const placed = (pose: PoseDocument, p: number, [a, b]: readonly [number, number]) =>
  [a, b].every((i) => {
    const k = pose.people[p]!.body[i]!;
    return k.visible || k.x !== 0 || k.y !== 0;
  });

/** A frame change must scale each person as a whole: every bone's length over the longest bone's is what it was. */
function expectSameShapes(before: PoseDocument, after: PoseDocument): void {
  before.people.forEach((_, p) => {
    const limbs = BODY_LIMBS.filter((limb) => placed(before, p, limb));
    if (limbs.length < 2) return;
    const longest = limbs.reduce((a, b) => (boneLength(before, p, b) > boneLength(before, p, a) ? b : a));
    const ratio = (pose: PoseDocument) => limbs.map((limb) => boneLength(pose, p, limb) / boneLength(pose, p, longest));
    ratio(after).forEach((r, k) => expect(Math.abs(r - ratio(before)[k]!)).toBeLessThan(1e-6));
  });
}

/** Every figure still carries what the user set on it, followed by its id. */
function expectAttributes(w: World): void {
  const people = scene(w).pose.people;
  expect(people).toHaveLength(w.model.length);
  expect(new Set(people.map((p) => p.figure?.id)).size).toBe(people.length);
  people.forEach((p, i) => {
    const e = w.model[i]!;
    const id = p.figure?.id ?? '';
    // The first time the model sees a figure it learns its id; from then on the id must not change.
    if (e.id === null) e.id = id;
    expect(id).toBe(e.id);
    // Read as the people list and the Pin button read them: what a user sees.
    const ref = person(i);
    expect({ name: entityName(scene(w), ref), locked: isLocked(scene(w), ref), pins: [...pinsOf(scene(w), ref)].sort((a, b) => a - b) }).toEqual({
      name: e.name,
      locked: e.locked,
      pins: [...e.pins].sort((a, b) => a - b),
    });
    expect(p.body.map((k) => k.visible)).toEqual(p.body.map((_, j) => !e.wholeHidden && !e.hiddenByHand.has(j)));
  });
}

describe('figures keep what the user set on them through every edit (model test)', () => {
  it('random sequences of add, duplicate, delete, both reorders, flip, hide, pin, rename, lock, frame changes, undo, redo and files', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(...commands()), { minLength: 1, maxLength: 40 }), (steps) => {
        localStorage.clear();
        const w: World = { actor: start(), model: [fresh(), fresh()], past: [], future: [] };
        expectAttributes(w);
        for (const step of steps) {
          step(w);
          expectAttributes(w);
        }
        w.actor.stop();
      }),
      { numRuns: 300 },
    );
    // 300 runs of up to 40 edits take 3-6 s on a loaded 2-core machine; the default 5 s limit is not a target.
  }, 60_000);
});

describe("a figure's drawn shape", () => {
  it('is keyed by the figure, so a reorder moves the shape with it rather than redrawing another figure in its place', () => {
    const scene = createScene({
      canvas_width: 400,
      canvas_height: 600,
      people: [100, 300].map((x) => createDefaultPerson({ centre: { x, y: 300 }, height: 300 })),
      animals: [],
    });
    const first = { kind: 'person' as const, index: 0 };
    const before = shapeKey(scene, first);
    expect(before).toBe(scene.pose.people[0]!.figure!.id);
    const reordered = reorderEntities(scene, 'person', [1, 0]);
    expect(shapeKey(reordered, { kind: 'person', index: 1 })).toBe(before);
    expect(shapeKey(reordered, first)).not.toBe(before);
  });
});
