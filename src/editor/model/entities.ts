import { mapAnimal, mapPerson, type Animal, type Person, type PointMap } from '../../pose';
import { isLocked, type EntityNames, type EntityRef, type Scene } from './scene';

// Names index for index with the pose's lists; an old scene without names has '' for each.
const namesOf = (scene: Scene): EntityNames => ({
  people: scene.pose.people.map((_, i) => scene.names?.people[i] ?? ''),
  animals: scene.pose.animals.map((_, i) => scene.names?.animals[i] ?? ''),
});

/** How to change a person and an animal; either may be left out to leave that kind alone. */
export interface EntityUpdate {
  person?(person: Person, index: number): Person;
  animal?(animal: Animal, index: number): Animal;
}

/** The scene with the given entities changed (locked ones skipped unless `includeLocked`). */
export function updateEntities(scene: Scene, refs: readonly EntityRef[], update: EntityUpdate, includeLocked = false): Scene {
  const editable = refs.filter((r) => includeLocked || !isLocked(scene, r));
  const people = new Set(editable.filter((r) => r.kind === 'person').map((r) => r.index));
  const animals = new Set(editable.filter((r) => r.kind === 'animal').map((r) => r.index));
  if (people.size === 0 && animals.size === 0) return scene;
  const pose = {
    ...scene.pose,
    people: update.person ? scene.pose.people.map((p, i) => (people.has(i) ? update.person!(p, i) : p)) : scene.pose.people,
    animals: update.animal ? scene.pose.animals.map((a, i) => (animals.has(i) ? update.animal!(a, i) : a)) : scene.pose.animals,
  };
  return { ...scene, pose };
}

/** The scene with one point map applied to every point of the given (unlocked) entities. */
export function mapEntities(scene: Scene, refs: readonly EntityRef[], f: PointMap): Scene {
  return updateEntities(scene, refs, { person: (p) => mapPerson(p, f), animal: (a) => mapAnimal(a, f) });
}

/** The scene without the given (unlocked) entities. */
export function removeEntities(scene: Scene, refs: readonly EntityRef[]): Scene {
  const gone = (kind: EntityRef['kind'], i: number) => refs.some((r) => r.kind === kind && r.index === i && !isLocked(scene, r));
  const keep = <T>(kind: EntityRef['kind']) => (_: T, i: number) => !gone(kind, i);
  return {
    ...scene,
    pose: { ...scene.pose, people: scene.pose.people.filter(keep('person')), animals: scene.pose.animals.filter(keep('animal')) },
    locked: { people: scene.locked.people.filter(keep('person')), animals: scene.locked.animals.filter(keep('animal')) },
    ...(scene.pins ? { pins: { people: scene.pins.people.filter(keep('person')), animals: scene.pins.animals.filter(keep('animal')) } } : {}),
    names: { people: namesOf(scene).people.filter(keep('person')), animals: namesOf(scene).animals.filter(keep('animal')) },
  };
}

/** The scene with people and animals appended (unlocked); returns the refs of the new ones too. */
export function appendEntities(scene: Scene, people: Person[], animals: Animal[]): { scene: Scene; added: EntityRef[] } {
  const added: EntityRef[] = [
    ...people.map((_, i) => ({ kind: 'person' as const, index: scene.pose.people.length + i })),
    ...animals.map((_, i) => ({ kind: 'animal' as const, index: scene.pose.animals.length + i })),
  ];
  return {
    scene: {
      ...scene,
      pose: { ...scene.pose, people: [...scene.pose.people, ...people], animals: [...scene.pose.animals, ...animals] },
      locked: { people: [...scene.locked.people, ...people.map(() => false)], animals: [...scene.locked.animals, ...animals.map(() => false)] },
      names: { people: [...namesOf(scene).people, ...people.map(() => '')], animals: [...namesOf(scene).animals, ...animals.map(() => '')] },
    },
    added,
  };
}

/** The scene with the lock flag of the given entities set. */
export function setLocked(scene: Scene, refs: readonly EntityRef[], locked: boolean): Scene {
  const set = (kind: EntityRef['kind'], flags: boolean[]) =>
    flags.map((flag, i) => (refs.some((r) => r.kind === kind && r.index === i) ? locked : flag));
  return { ...scene, locked: { people: set('person', scene.locked.people), animals: set('animal', scene.locked.animals) } };
}

/** The scene with an entity's name set (trimmed; '' clears it). */
export function setName(scene: Scene, ref: EntityRef, name: string): Scene {
  const names = namesOf(scene);
  const list = ref.kind === 'person' ? names.people : names.animals;
  if (ref.index < 0 || ref.index >= list.length) return scene;
  list[ref.index] = name.trim();
  return { ...scene, names };
}

const moved = <T>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

/**
 * The scene with one person or animal moved to another place in its list: the draw order, which is
 * also the order of the exported file. Its lock flag and name move with it.
 */
export function moveEntity(scene: Scene, ref: EntityRef, toIndex: number): Scene {
  const key = ref.kind === 'person' ? 'people' : 'animals';
  const length = scene.pose[key].length;
  const to = Math.max(0, Math.min(length - 1, toIndex));
  if (ref.index < 0 || ref.index >= length || to === ref.index) return scene;
  const names = namesOf(scene);
  return {
    ...scene,
    pose: { ...scene.pose, [key]: moved<unknown>(scene.pose[key], ref.index, to) },
    locked: { ...scene.locked, [key]: moved(scene.locked[key], ref.index, to) },
    names: { ...names, [key]: moved(names[key], ref.index, to) },
  };
}
