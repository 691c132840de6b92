import { animalBoundingBox, personBoundingBox, withFigureIds, type Animal, type Box, type Person, type PoseDocument } from '../../pose';
import type { PoseSequence } from '../../pose/motion';

/** The reference image under the pose: a data URL (null: none) and its opacity, 0..1. */
export interface Reference {
  image: string | null;
  opacity: number;
}

/** No reference image, at the opacity a new one starts with. */
export const NO_REFERENCE: Reference = { image: null, opacity: 0.5 };

/**
 * What the editor edits and undoes, the whole document: the pose with its canvas size, whose people
 * and animals are records with ids carrying their own name, lock, pins and hidden points
 * (`FigureInfo`), and the reference image.
 */
export interface Scene {
  pose: PoseDocument;
  reference: Reference;
  /** The figures' keys through time once the timeline was used; `pose` is then its pose at the current frame. */
  sequence?: PoseSequence | undefined;
}

/** People and animals are the scene's entities. */
export type EntityKind = 'person' | 'animal';

/** One person or animal, by list and position. */
export interface EntityRef {
  kind: EntityKind;
  index: number;
}

/** A scene around a pose, every figure given an id; a missing reference means none. */
export function createScene(pose: PoseDocument, reference: Reference = NO_REFERENCE, sequence?: PoseSequence): Scene {
  return { pose: withFigureIds(pose), reference, ...(sequence ? { sequence } : {}) };
}

/** A stable string for an entity, e.g. "person:0". */
export function entityKey(ref: EntityRef): string {
  return `${ref.kind}:${ref.index}`;
}

/** The key of a figure's drawn shape: its id, so the shape follows its figure through a reorder; its place while it has none. */
export function shapeKey(scene: Scene, ref: EntityRef): string {
  return getEntity(scene, ref)?.figure?.id || entityKey(ref);
}

/** Whether two refs name the same entity. */
export function sameEntity(a: EntityRef, b: EntityRef): boolean {
  return a.kind === b.kind && a.index === b.index;
}

/** Every entity of the scene, people first. */
export function listEntities(scene: Scene): EntityRef[] {
  return [
    ...scene.pose.people.map((_, index) => ({ kind: 'person' as const, index })),
    ...scene.pose.animals.map((_, index) => ({ kind: 'animal' as const, index })),
  ];
}

/** Whether the entity exists in the scene. */
export function entityExists(scene: Scene, ref: EntityRef): boolean {
  return ref.index >= 0 && ref.index < (ref.kind === 'person' ? scene.pose.people : scene.pose.animals).length;
}

/** Whether the entity is locked. */
export function isLocked(scene: Scene, ref: EntityRef): boolean {
  return getEntity(scene, ref)?.figure?.locked === true;
}

/** The name the user gave an entity, or '' when none. */
export function entityName(scene: Scene, ref: EntityRef): string {
  return getEntity(scene, ref)?.figure?.name ?? '';
}

/** The id of the figure a ref names, or undefined when there is none there. */
export function entityId(scene: Scene, ref: EntityRef): string | undefined {
  return getEntity(scene, ref)?.figure?.id;
}

/** The person or animal a ref names. */
export function getEntity(scene: Scene, ref: EntityRef): Person | Animal | undefined {
  return ref.kind === 'person' ? scene.pose.people[ref.index] : scene.pose.animals[ref.index];
}

/** The pinned joints of an entity (body or animal keypoint indices). */
export function pinsOf(scene: Scene, ref: EntityRef): readonly number[] {
  return getEntity(scene, ref)?.figure?.pins ?? [];
}

/** Box around an entity's visible points, or null. */
export function entityBox(scene: Scene, ref: EntityRef): Box | null {
  const entity = getEntity(scene, ref);
  if (!entity) return null;
  return ref.kind === 'person' ? personBoundingBox(entity as Person) : animalBoundingBox(entity as Animal);
}

/** The union of boxes, or null when there is none. */
export function unionBox(boxes: ReadonlyArray<Box | null>): Box | null {
  return boxes.reduce<Box | null>((acc, b) => {
    if (!b) return acc;
    if (!acc) return b;
    return { minX: Math.min(acc.minX, b.minX), minY: Math.min(acc.minY, b.minY), maxX: Math.max(acc.maxX, b.maxX), maxY: Math.max(acc.maxY, b.maxY) };
  }, null);
}
