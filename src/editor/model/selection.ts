import type { Box } from '../../pose';
import { getJoint, type JointRef } from './joints';
import { entityBox, entityExists, isLocked, listEntities, sameEntity, unionBox, type EntityRef, type Scene } from './scene';

/** What is selected: whole entities, and at most one joint (whose entity is then selected too). */
export interface Selection {
  entities: EntityRef[];
  joint: JointRef | null;
}

/** Nothing selected. */
export const EMPTY_SELECTION: Selection = { entities: [], joint: null };

/** Whether an entity is selected. */
export function isSelected(selection: Selection, ref: EntityRef): boolean {
  return selection.entities.some((r) => sameEntity(r, ref));
}

/** The selection with an entity added, or removed if it was there (shift-click). */
export function toggleEntity(selection: Selection, ref: EntityRef): Selection {
  return isSelected(selection, ref)
    ? {
        entities: selection.entities.filter((r) => !sameEntity(r, ref)),
        joint: selection.joint && sameEntity(selection.joint.entity, ref) ? null : selection.joint,
      }
    : { entities: [...selection.entities, ref], joint: selection.joint };
}

/** The selection without anything the scene no longer has (after undo, delete or import). */
export function clampSelection(selection: Selection, scene: Scene): Selection {
  const entities = selection.entities.filter((r) => entityExists(scene, r));
  const joint = selection.joint && getJoint(scene, selection.joint) ? selection.joint : null;
  return entities.length === selection.entities.length && joint === selection.joint ? selection : { entities, joint };
}

/** The unlocked selected entities: what move, rotate, scale, flip and delete act on. */
export function editableEntities(scene: Scene, selection: Selection): EntityRef[] {
  return selection.entities.filter((r) => entityExists(scene, r) && !isLocked(scene, r));
}

/** The one selected person (the only selected entity, or the owner of the selected joint), or null: what per-person panels and the turn act on. */
export function soleSelectedPerson(selection: Selection): number | null {
  const refs = selection.entities.length ? selection.entities : selection.joint ? [selection.joint.entity] : [];
  return refs.length === 1 && refs[0]!.kind === 'person' ? refs[0]!.index : null;
}

/** soleSelectedPerson when that person exists and is unlocked (editable), else null. */
export function soleEditablePerson(scene: Scene, selection: Selection): number | null {
  const index = soleSelectedPerson(selection);
  const ref = { kind: 'person' as const, index: index ?? -1 };
  return index !== null && entityExists(scene, ref) && !isLocked(scene, ref) ? index : null;
}

/** The box around every selected entity, or null. */
export function selectionBox(scene: Scene, selection: Selection): Box | null {
  return unionBox(selection.entities.map((r) => entityBox(scene, r)));
}

const overlaps = (a: Box, b: Box) => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/** The entities whose box meets a marquee box. */
export function entitiesInBox(scene: Scene, box: Box): EntityRef[] {
  return listEntities(scene).filter((r) => {
    const b = entityBox(scene, r);
    return b !== null && overlaps(b, box);
  });
}

/** The box spanned by two corners. */
export function boxFromCorners(a: { x: number; y: number }, b: { x: number; y: number }): Box {
  return { minX: Math.min(a.x, b.x), minY: Math.min(a.y, b.y), maxX: Math.max(a.x, b.x), maxY: Math.max(a.y, b.y) };
}
