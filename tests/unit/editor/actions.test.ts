import { describe, expect, it } from 'vitest';
import { animalBoundingBox, BODY, createDefaultPerson, personBoundingBox, type Person } from '../../../src/pose/index.js';
import { getAction, performEdit } from '../../../src/editor/actions/registry';
import type { EditAction } from '../../../src/editor/actions/types';
import { DUPLICATE_OFFSET } from '../../../src/editor/actions/entityActions';
import { createScene, type Scene } from '../../../src/editor/model/scene';
import { EMPTY_SELECTION, type Selection } from '../../../src/editor/model/selection';
import { sampleScene, locksOf } from './scenes';

const edit = (name: string) => getAction(name) as EditAction;
const run = (name: string, scene: Scene, selection: Selection, symmetry = false) => performEdit(edit(name), scene, selection, { symmetry });
const person0: Selection = { entities: [{ kind: 'person', index: 0 }], joint: null };
const empty = () => createScene({ canvas_width: 400, canvas_height: 600, people: [], animals: [] });

describe('adding', () => {
  it('adds a default person at the canvas centre and selects it; the next one beside it', () => {
    const first = run('addPerson', empty(), EMPTY_SELECTION);
    const box = personBoundingBox(first.scene.pose.people[0]!)!;
    expect((box.minX + box.maxX) / 2).toBeCloseTo(200, 6);
    expect(box.maxY - box.minY).toBeCloseTo(440, 6);
    expect(first.selection).toEqual(person0);
    const second = run('addPerson', first.scene, first.selection);
    const box2 = personBoundingBox(second.scene.pose.people[1]!)!;
    expect(Math.abs((box2.minX + box2.maxX) / 2 - 200)).toBeGreaterThan(50);
    expect(second.selection.entities).toEqual([{ kind: 'person', index: 1 }]);
  });

  it('keeps every added person and animal wholly on the canvas, none centred on another', () => {
    let scene = createScene({ canvas_width: 512, canvas_height: 512, people: [], animals: [] });
    for (const name of ['addPerson', 'addPerson', 'addPerson', 'addPerson', 'addPerson', 'addAnimal', 'addAnimal'])
      scene = run(name, scene, EMPTY_SELECTION).scene;
    const boxes = [...scene.pose.people.map((p) => personBoundingBox(p)!), ...scene.pose.animals.map((a) => animalBoundingBox(a)!)];
    for (const b of boxes) {
      expect(b.minX).toBeGreaterThan(0);
      expect(b.minY).toBeGreaterThan(0);
      expect(b.maxX).toBeLessThan(512);
      expect(b.maxY).toBeLessThan(512);
    }
    const centres = boxes.map((b) => `${Math.round((b.minX + b.maxX) / 2)},${Math.round((b.minY + b.maxY) / 2)}`);
    expect(new Set(centres).size).toBe(boxes.length);
  });

  it('adds an animal and selects it, unlocked', () => {
    const r = run('addAnimal', sampleScene(), EMPTY_SELECTION);
    expect(r.scene.pose.animals).toHaveLength(2);
    expect(locksOf(r.scene).animals).toEqual([false, false]);
    expect(r.selection.entities).toEqual([{ kind: 'animal', index: 1 }]);
  });
});

describe('duplicate, delete, flip, lock', () => {
  it('duplicates the selection offset and selects the copies', () => {
    const scene = sampleScene();
    const r = run('duplicate', scene, {
      entities: [
        { kind: 'person', index: 0 },
        { kind: 'animal', index: 0 },
      ],
      joint: null,
    });
    expect(r.scene.pose.people).toHaveLength(3);
    expect(r.scene.pose.animals).toHaveLength(2);
    expect(r.scene.pose.people[2]!.body[0]!.x).toBeCloseTo(scene.pose.people[0]!.body[0]!.x + DUPLICATE_OFFSET, 9);
    expect(r.scene.pose.people[2]!.face).toHaveLength(70);
    expect(r.selection.entities).toEqual([
      { kind: 'person', index: 2 },
      { kind: 'animal', index: 1 },
    ]);
  });

  it('deletes the unlocked selected entities and keeps lock flags aligned', () => {
    const scene = sampleScene();
    const r = run('delete', scene, {
      entities: [
        { kind: 'person', index: 0 },
        { kind: 'person', index: 1 },
      ],
      joint: null,
    });
    expect(r.scene.pose.people).toEqual([scene.pose.people[1]]);
    expect(locksOf(r.scene).people).toEqual([true]);
    expect(r.selection).toEqual(EMPTY_SELECTION);
  });

  it('flips a person in place: same box, left and right swapped', () => {
    const scene = sampleScene();
    const r = run('flip', scene, person0);
    const [before, after] = [scene.pose.people[0]!, r.scene.pose.people[0]!];
    const [a, b] = [personBoundingBox(after)!, personBoundingBox(before)!];
    for (const k of ['minX', 'minY', 'maxX', 'maxY'] as const) expect(a[k]).toBeCloseTo(b[k], 9);
    const centre = (personBoundingBox(before)!.minX + personBoundingBox(before)!.maxX) / 2;
    expect(after.body[BODY.left_wrist]!.x).toBeCloseTo(2 * centre - before.body[BODY.right_wrist]!.x, 9);
    expect(after.leftHand![4]!.x).toBeCloseTo(2 * centre - before.rightHand![4]!.x, 9);
  });

  it('does not flip, move or delete a locked person, and lock toggles', () => {
    const scene = sampleScene();
    const locked: Selection = { entities: [{ kind: 'person', index: 1 }], joint: null };
    expect(edit('flip').enabled(scene, locked)).toBe(false);
    expect(run('flip', scene, locked).scene).toBe(scene);
    expect(run('nudgeRight', scene, locked).scene).toBe(scene);
    const unlocked = run('lock', scene, locked).scene;
    expect(locksOf(unlocked).people).toEqual([false, false]);
    expect(
      locksOf(
        run('lock', unlocked, {
          entities: [
            { kind: 'person', index: 0 },
            { kind: 'person', index: 1 },
          ],
          joint: null,
        }).scene,
      ).people,
    ).toEqual([true, true]);
  });
});

describe('mirror, hands, face, points', () => {
  it('mirrors the left side of the selected person onto the right', () => {
    const scene = sampleScene();
    const r = run('mirrorLeftToRight', scene, person0);
    const p = r.scene.pose.people[0]!;
    expect(p.body[BODY.right_wrist]!.y).toBeCloseTo(scene.pose.people[0]!.body[BODY.left_wrist]!.y, 6);
  });

  it('hides both hands, shows them again, and adds the missing one to a selected wrist', () => {
    const scene = sampleScene();
    const hidden = run('toggleHands', scene, person0).scene.pose.people[0]!;
    expect([...hidden.leftHand!, ...hidden.rightHand!].some((k) => k.visible)).toBe(false);
    const shown = run('toggleHands', { ...scene, pose: { ...scene.pose, people: [hidden, scene.pose.people[1]!] } }, person0).scene.pose.people[0]!;
    expect(shown.leftHand).toEqual(scene.pose.people[0]!.leftHand);
    const bare = createScene({ ...scene.pose, people: [{ body: scene.pose.people[0]!.body }] });
    const wrist: Selection = {
      entities: [{ kind: 'person', index: 0 }],
      joint: { entity: { kind: 'person', index: 0 }, part: 'body', index: BODY.left_wrist },
    };
    const added = run('toggleHands', bare, wrist).scene.pose.people[0]! as Person;
    expect(added.leftHand).toHaveLength(21);
    expect(added.rightHand).toBeUndefined();
  });

  it('adds a face to a person without one, then hides it', () => {
    const bare = createScene({
      canvas_width: 400,
      canvas_height: 600,
      people: [createDefaultPerson({ centre: { x: 300, y: 300 }, height: 300 })],
      animals: [],
    });
    const withFace = run('toggleFace', bare, person0).scene;
    expect(withFace.pose.people[0]!.face).toHaveLength(70);
    expect(run('toggleFace', withFace, person0).scene.pose.people[0]!.face!.every((k) => !k.visible)).toBe(true);
  });

  it('hides a point and shows it again where it was; a point with no place reappears beside its neighbour', () => {
    const scene = sampleScene();
    const sel: Selection = { entities: person0.entities, joint: { entity: { kind: 'person', index: 0 }, part: 'body', index: BODY.right_elbow } };
    const hidden = run('togglePoint', scene, sel).scene;
    expect(hidden.pose.people[0]!.body[BODY.right_elbow]!.visible).toBe(false);
    expect(run('togglePoint', hidden, sel).scene.pose.people[0]!.body[BODY.right_elbow]).toEqual(scene.pose.people[0]!.body[BODY.right_elbow]);
    const zeroed = createScene({
      ...scene.pose,
      people: [{ ...scene.pose.people[0]!, body: scene.pose.people[0]!.body.map((k, i) => (i === BODY.right_elbow ? { x: 0, y: 0, visible: false } : k)) }],
    });
    const revealed = run('togglePoint', zeroed, sel).scene.pose.people[0]!.body[BODY.right_elbow]!;
    expect(revealed.visible).toBe(true);
    expect(revealed.x).toBeGreaterThan(0);
  });
});

describe('selection, nudges, rotation', () => {
  it('selects everything', () => {
    expect(run('selectAll', sampleScene(), EMPTY_SELECTION).selection.entities).toHaveLength(3);
  });

  it('nudges the selected joint (its mirror too in symmetry mode), else the selected entities', () => {
    const scene = sampleScene();
    const sel: Selection = { entities: person0.entities, joint: { entity: { kind: 'person', index: 0 }, part: 'body', index: BODY.right_knee } };
    const nudged = run('nudgeLeftFar', scene, sel, true).scene.pose.people[0]!;
    expect(nudged.body[BODY.right_knee]!.x).toBeCloseTo(scene.pose.people[0]!.body[BODY.right_knee]!.x - 10, 9);
    expect(nudged.body[BODY.left_knee]!.x).toBeCloseTo(scene.pose.people[0]!.body[BODY.left_knee]!.x + 10, 6);
    const moved = run('nudgeDown', scene, person0).scene.pose.people[0]!;
    expect(moved.face![30]!.y).toBeCloseTo(scene.pose.people[0]!.face![30]!.y + 1, 9);
  });

  it('rotates the selection by 15° about its centre', () => {
    const scene = sampleScene();
    const r = run('rotateRight', scene, person0).scene.pose.people[0]!;
    const [b, a] = [scene.pose.people[0]!.body, r.body];
    const angle = (p: { x: number; y: number }, q: { x: number; y: number }) => Math.atan2(q.y - p.y, q.x - p.x);
    expect(angle(a[BODY.neck]!, a[BODY.nose]!) - angle(b[BODY.neck]!, b[BODY.nose]!)).toBeCloseTo(Math.PI / 12, 9);
  });
});

describe('a new figure goes to free space', () => {
  it('a second person on the 400 x 600 canvas overlaps neither the first nor the edge, shrunk only as far as the free space needs', () => {
    const first = run('addPerson', empty(), EMPTY_SELECTION).scene;
    const second = run('addPerson', first, EMPTY_SELECTION).scene;
    const [a, b] = [personBoundingBox(second.pose.people[0]!)!, personBoundingBox(second.pose.people[1]!)!];
    expect(b.minX >= a.maxX || b.maxX <= a.minX).toBe(true);
    expect(b.minX).toBeGreaterThan(0);
    expect(b.maxX).toBeLessThan(400);
    expect(b.maxY - b.minY).toBeGreaterThan(0.5 * (a.maxY - a.minY));
  });
});
