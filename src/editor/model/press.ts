import { boxCentre, withPlausibleDepth, type Vec2 } from '../../pose';
import type { Gesture } from './gesture';
import type { HitTarget } from './hitTarget';
import { entityBox, getEntity, isLocked, sameEntity, type EntityRef, type Scene } from './scene';
import { sceneTurn } from '../posing/turn';
import { canPush } from '../posing/push';
import { pivotOf, skeletonOf } from '../posing/skeleton';
import {
  boxFromCorners,
  editableEntities,
  entitiesInBox,
  EMPTY_SELECTION,
  isSelected,
  selectionBox,
  soleEditablePerson,
  toggleEntity,
  type Selection,
} from './selection';

/** A pointer press as the editor machine receives it. */
export interface Press {
  target: HitTarget;
  point: Vec2;
  shift: boolean;
  /** Alt/Option held: a joint drags alone and a limb moves its figure, as with bone lengths not kept. */
  alt?: boolean;
  /** Ctrl/Cmd held: a body joint is pushed toward or away from the viewer (vertical drag). */
  depth?: boolean;
}

/** Editor modes a press depends on. */
export interface PressOptions {
  /** Joints drag with bone lengths kept and limbs of a selected figure turn (the toolbar's mode). */
  keepLengths: boolean;
}

const FREE: PressOptions = { keepLengths: false };

/** What a press does at once: the new selection, and the gesture a drag would perform (none: nothing to drag). */
export interface PressOutcome {
  selection: Selection;
  gesture: Gesture | null;
}

function moveGesture(scene: Scene, selection: Selection, origin: Vec2): Gesture | null {
  const entities = editableEntities(scene, selection);
  return entities.length ? { kind: 'move', entities, origin } : null;
}

function bonePivot(scene: Scene, ref: EntityRef, bone: number): Vec2 | null {
  const entity = getEntity(scene, ref);
  if (!entity) return null;
  const body = 'keypoints' in entity ? entity.keypoints : entity.body;
  return body[bone] ? pivotOf(skeletonOf(ref.kind), body, bone) : null;
}

function turnGesture(scene: Scene, selection: Selection, origin: Vec2): Gesture | null {
  const person = soleEditablePerson(scene, selection);
  const box = person === null ? null : entityBox(scene, { kind: 'person', index: person });
  const pressed = person === null ? undefined : scene.pose.people[person];
  if (person === null || !box || !pressed) return null;
  const span = Math.max(box.maxX - box.minX, box.maxY - box.minY);
  return { kind: 'turn', person, origin, start: sceneTurn(scene, person), span, base: withPlausibleDepth(pressed) };
}

/** Decides what a press selects and what dragging from it would do (tldraw's pointing state). */
export function pressOutcome(scene: Scene, selection: Selection, press: Press, options: PressOptions = FREE): PressOutcome {
  const { target, point, shift } = press;
  const posing = options.keepLengths && !press.alt;
  switch (target.kind) {
    case 'handle': {
      if (target.handle === 'turn') return { selection, gesture: turnGesture(scene, selection, point) };
      const entities = editableEntities(scene, selection);
      const box = selectionBox(scene, { entities, joint: null });
      return { selection, gesture: box && entities.length ? { kind: target.handle, entities, origin: point, centre: boxCentre(box) } : null };
    }
    case 'joint': {
      const owner = target.joint.entity;
      const entities = shift && !isSelected(selection, owner) ? [...selection.entities, owner] : shift ? selection.entities : [owner];
      const next = { entities, joint: target.joint };
      if (isLocked(scene, owner)) return { selection: next, gesture: null };
      if (press.depth) return { selection: next, gesture: canPush(scene, target.joint) ? { kind: 'push', joint: target.joint, origin: point } : null };
      if (posing && (target.joint.part === 'body' || target.joint.part === 'animal')) {
        // The pressed figure first, then the other selected figures of its kind, which follow the same joint.
        const others = editableEntities(scene, next).filter((r) => r.kind === owner.kind && !sameEntity(r, owner));
        return { selection: next, gesture: { kind: 'pose', joint: target.joint, entities: [owner, ...others], origin: point } };
      }
      return { selection: next, gesture: { kind: 'joint', joint: target.joint, origin: point } };
    }
    case 'bone': {
      if (!posing || shift) return pressOutcome(scene, selection, { ...press, target: { kind: 'entity', entity: target.entity } }, options);
      const next = { entities: selection.entities, joint: null };
      const others = editableEntities(scene, next).filter((r) => r.kind === target.entity.kind && !sameEntity(r, target.entity));
      const pivot = bonePivot(scene, target.entity, target.bone);
      const gesture: Gesture | null =
        isLocked(scene, target.entity) || !pivot ? null : { kind: 'bone', bone: target.bone, entities: [target.entity, ...others], origin: point, pivot };
      return { selection: next, gesture };
    }
    case 'entity': {
      // Pressing a member of a multi-selection keeps it, so the whole group can be dragged.
      const next = shift
        ? toggleEntity(selection, target.entity)
        : isSelected(selection, target.entity)
          ? { entities: selection.entities, joint: null }
          : { entities: [target.entity], joint: null };
      return { selection: next, gesture: isSelected(next, target.entity) ? moveGesture(scene, next, point) : null };
    }
    case 'none':
      return { selection: shift ? selection : EMPTY_SELECTION, gesture: { kind: 'marquee', origin: point, additive: shift } };
  }
}

/** A click (press and release without a drag) on a member of a group selects that member alone. */
export function clickSelection(selection: Selection, press: Press): Selection {
  if (press.shift || (press.target.kind !== 'entity' && press.target.kind !== 'bone')) return selection;
  const entity = press.target.entity;
  return selection.entities.length > 1 ? { entities: selection.entities.filter((r) => sameEntity(r, entity)), joint: null } : selection;
}

/** The selection a marquee from its origin to `point` makes. */
export function marqueeSelection(scene: Scene, selection: Selection, origin: Vec2, point: Vec2, additive: boolean): Selection {
  const hits = entitiesInBox(scene, boxFromCorners(origin, point));
  if (!additive) return { entities: hits, joint: null };
  return { entities: [...selection.entities, ...hits.filter((h) => !isSelected(selection, h))], joint: selection.joint };
}
