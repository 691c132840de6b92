import { hideWholeFigure, isFigureShown, showWholeFigure } from '../../pose';
import { moveEntity, updateFigures } from '../model/entities';
import { getEntity, type EntityRef, type Scene } from '../model/scene';
import { editableEntities, type Selection } from '../model/selection';
import type { EditAction } from './types';

/** The one entity a reorder applies to: the only selected one, when it is not locked. */
function single(scene: Scene, selection: Selection): EntityRef | null {
  const refs = editableEntities(scene, selection);
  return refs.length === 1 && selection.entities.length === 1 ? refs[0]! : null;
}

const listLength = (scene: Scene, ref: EntityRef) => (ref.kind === 'person' ? scene.pose.people : scene.pose.animals).length;

const reorder = (name: 'reorderUp' | 'reorderDown', key: string, step: -1 | 1): EditAction => ({
  kind: 'edit',
  name,
  labelKey: `editor.actions.${name}`,
  keys: [key],
  enabled(scene, selection) {
    const ref = single(scene, selection);
    return !!ref && ref.index + step >= 0 && ref.index + step < listLength(scene, ref);
  },
  perform(scene, selection) {
    const ref = single(scene, selection);
    return ref ? moveEntity(scene, ref, ref.index + step) : scene;
  },
  selectAfter(before, after, selection) {
    const ref = single(before, selection);
    return ref && after !== before ? { entities: [{ kind: ref.kind, index: ref.index + step }], joint: null } : selection;
  },
});

const anyShown = (scene: Scene, refs: readonly EntityRef[]) =>
  refs.some((r) => {
    const e = getEntity(scene, r);
    return !!e && isFigureShown(e);
  });

const toggleVisible: EditAction = {
  kind: 'edit',
  name: 'toggleVisible',
  labelKey: 'editor.actions.toggleVisible',
  keys: ['H'],
  enabled: (scene, selection) => editableEntities(scene, selection).length > 0,
  perform(scene, selection) {
    const refs = editableEntities(scene, selection);
    // One decision for all, as with hands and faces: any point shown → hide all; all hidden → show
    // all. Hiding remembers which points were shown, so points hidden one by one stay hidden.
    const show = !anyShown(scene, refs);
    return updateFigures(scene, refs, show ? { person: showWholeFigure, animal: showWholeFigure } : { person: hideWholeFigure, animal: hideWholeFigure });
  },
};

/** Whether an entity has any point shown (the people list's eye). */
export function isShown(scene: Scene, ref: EntityRef): boolean {
  return anyShown(scene, [ref]);
}

/** Actions of the people list: hide or show whole people and animals, and move one up or down the draw order. */
export const LIST_ACTIONS: EditAction[] = [toggleVisible, reorder('reorderUp', 'Alt+ArrowUp', -1), reorder('reorderDown', 'Alt+ArrowDown', 1)];
