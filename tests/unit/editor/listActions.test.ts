import { describe, expect, it } from 'vitest';
import { getAction, performEdit } from '../../../src/editor/actions/registry';
import type { EditAction } from '../../../src/editor/actions/types';
import { appendEntities, moveEntity, removeEntities, setLocked, setName } from '../../../src/editor/model/entities';
import { createScene, entityName, type EntityRef } from '../../../src/editor/model/scene';
import type { Selection } from '../../../src/editor/model/selection';
import { fullPerson, locksOf, namesOf } from './scenes';

const three = () => {
  const scene = createScene({ canvas_width: 400, canvas_height: 600, people: [fullPerson(100), fullPerson(200), fullPerson(300)], animals: [] });
  return setName(setName(scene, { kind: 'person', index: 0 }, 'Ann'), { kind: 'person', index: 2 }, ' Cy ');
};
const p = (index: number): EntityRef => ({ kind: 'person', index });
const only = (index: number): Selection => ({ entities: [p(index)], joint: null });
const run = (name: string, scene: ReturnType<typeof three>, selection: Selection) =>
  performEdit(getAction(name) as EditAction, scene, selection, { symmetry: false });
const neckX = (scene: ReturnType<typeof three>, i: number) => scene.pose.people[i]!.body[1]!.x;

describe('names and draw order', () => {
  it('names are trimmed, and stay with their person when others are appended or removed', () => {
    const scene = three();
    expect([0, 1, 2].map((i) => entityName(scene, p(i)))).toEqual(['Ann', '', 'Cy']);
    const appended = appendEntities(scene, [fullPerson(50)], []).scene;
    expect(namesOf(appended).people).toEqual(['Ann', '', 'Cy', '']);
    const removed = removeEntities(appended, [p(0)]);
    expect(namesOf(removed).people).toEqual(['', 'Cy', '']);
  });

  it('moveEntity moves the person, its lock flag and its name together, and clamps the target', () => {
    const scene = setLocked(three(), [p(2)], true);
    const moved = moveEntity(scene, p(2), 0);
    expect([0, 1, 2].map((i) => neckX(moved, i))).toEqual([300, 100, 200]);
    expect(locksOf(moved).people).toEqual([true, false, false]);
    expect(namesOf(moved).people).toEqual(['Cy', 'Ann', '']);
    expect(namesOf(moveEntity(scene, p(0), 99)).people).toEqual(['', 'Cy', 'Ann']);
    expect(moveEntity(scene, p(1), 1)).toBe(scene);
  });

  it('reorderUp / reorderDown move the one selected person a step and keep it selected; at an end they are off', () => {
    const scene = three();
    const up = run('reorderUp', scene, only(1));
    expect(namesOf(up.scene).people).toEqual(['', 'Ann', 'Cy']);
    expect(up.selection).toEqual(only(0));
    expect(getAction('reorderUp').kind === 'edit' && (getAction('reorderUp') as EditAction).enabled(scene, only(0))).toBe(false);
    expect((getAction('reorderDown') as EditAction).enabled(scene, only(2))).toBe(false);
    expect(namesOf(run('reorderDown', scene, only(0)).scene).people).toEqual(['', 'Ann', 'Cy']);
  });

  it('toggleVisible hides every point of the selected person, then shows them again', () => {
    const scene = three();
    const hidden = run('toggleVisible', scene, only(1)).scene;
    expect(hidden.pose.people[1]!.body.every((pt) => !pt.visible)).toBe(true);
    expect(hidden.pose.people[0]).toBe(scene.pose.people[0]);
    const shown = run('toggleVisible', hidden, only(1)).scene;
    expect(shown.pose.people[1]!.body.map((pt) => pt.visible)).toEqual(scene.pose.people[1]!.body.map((pt) => pt.x > 0 && pt.y > 0));
  });
});
