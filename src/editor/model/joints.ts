import type { Animal, Keypoint, Person } from '../../pose';
import { getEntity, sameEntity, type EntityKind, type EntityRef, type Scene } from './scene';
import { updateEntities } from './entities';

/** A group of points of an entity: a person's body, hands, face and feet, or an animal's points. */
export type Part = 'body' | 'leftHand' | 'rightHand' | 'face' | 'feet' | 'animal';

/** One keypoint of one entity. */
export interface JointRef {
  entity: EntityRef;
  part: Part;
  index: number;
}

/** The parts an entity of this kind can have, in drawing order. */
export function partsOf(kind: EntityKind): Part[] {
  return kind === 'person' ? ['body', 'feet', 'leftHand', 'rightHand', 'face'] : ['animal'];
}

/** The points of one part of an entity, or undefined when it has none. */
export function getPoints(scene: Scene, entity: EntityRef, part: Part): Keypoint[] | undefined {
  const e = getEntity(scene, entity);
  if (!e) return undefined;
  if (entity.kind === 'animal') return part === 'animal' ? (e as Animal).keypoints : undefined;
  return part === 'animal' ? undefined : (e as Person)[part];
}

/** The keypoint a joint ref names. */
export function getJoint(scene: Scene, ref: JointRef): Keypoint | undefined {
  return getPoints(scene, ref.entity, ref.part)?.[ref.index];
}

/** Whether two joint refs name the same point. */
export function sameJoint(a: JointRef | null, b: JointRef | null): boolean {
  return a === b || (!!a && !!b && sameEntity(a.entity, b.entity) && a.part === b.part && a.index === b.index);
}

/** The scene with one part's points replaced (locked entities included: callers check locks). */
export function setPoints(scene: Scene, entity: EntityRef, part: Part, points: Keypoint[]): Scene {
  return updateEntities(scene, [entity], part === 'animal' ? { animal: () => ({ keypoints: points }) } : { person: (p) => ({ ...p, [part]: points }) }, true);
}

/** The scene with one keypoint replaced. */
export function setJoint(scene: Scene, ref: JointRef, point: Keypoint): Scene {
  const points = getPoints(scene, ref.entity, ref.part);
  if (!points || !points[ref.index]) return scene;
  return setPoints(
    scene,
    ref.entity,
    ref.part,
    points.map((p, i) => (i === ref.index ? point : p)),
  );
}
