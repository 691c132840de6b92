import { asNewFigures, mapAnimal, mapPerson, withFigureIds, withFigureInfo, type Animal, type FigureInfo, type Person, type PointMap } from '../../pose';
import { getEntity, isLocked, type EntityKind, type EntityRef, type Scene } from './scene';

/** How to change a person and an animal; either may be left out to leave that kind alone. */
export interface EntityUpdate {
  person?(person: Person, index: number): Person;
  animal?(animal: Animal, index: number): Animal;
}

// A change of points never changes who a figure is: its info is put back whatever the update built.
const keepInfo = <F extends Person | Animal>(before: F, after: F): F =>
  after === before || after.figure === before.figure ? after : { ...after, figure: before.figure };

/** The scene with the given (unlocked unless `includeLocked`) figures replaced by what the update makes of each, info included. */
export function updateFigures(scene: Scene, refs: readonly EntityRef[], update: EntityUpdate, includeLocked = false): Scene {
  const editable = refs.filter((r) => includeLocked || !isLocked(scene, r));
  const people = new Set(editable.filter((r) => r.kind === 'person').map((r) => r.index));
  const animals = new Set(editable.filter((r) => r.kind === 'animal').map((r) => r.index));
  if (people.size === 0 && animals.size === 0) return scene;
  const { person, animal } = update;
  const pose = {
    ...scene.pose,
    people: person ? scene.pose.people.map((p, i) => (people.has(i) ? person(p, i) : p)) : scene.pose.people,
    animals: animal ? scene.pose.animals.map((a, i) => (animals.has(i) ? animal(a, i) : a)) : scene.pose.animals,
  };
  return { ...scene, pose };
}

/** The scene with the given entities' points changed (locked ones skipped unless `includeLocked`); their figure info stays. */
export function updateEntities(scene: Scene, refs: readonly EntityRef[], update: EntityUpdate, includeLocked = false): Scene {
  const { person, animal } = update;
  return updateFigures(
    scene,
    refs,
    {
      ...(person ? { person: (p: Person, i: number) => keepInfo(p, person(p, i)) } : {}),
      ...(animal ? { animal: (a: Animal, i: number) => keepInfo(a, animal(a, i)) } : {}),
    },
    includeLocked,
  );
}

/** The scene with one point map applied to every point of the given (unlocked) entities. */
export function mapEntities(scene: Scene, refs: readonly EntityRef[], f: PointMap): Scene {
  return updateEntities(scene, refs, { person: (p) => mapPerson(p, f), animal: (a) => mapAnimal(a, f) });
}

/** The scene with the figure info of the given entities changed (locked ones too: a lock or a name is not a pose edit). */
export function updateFigureInfo(scene: Scene, refs: readonly EntityRef[], change: (info: FigureInfo) => Partial<FigureInfo>): Scene {
  const hit = (kind: EntityKind, index: number) => refs.some((r) => r.kind === kind && r.index === index);
  if (!refs.some((r) => getEntity(scene, r))) return scene;
  const apply = <F extends Person | Animal>(f: F): F => withFigureInfo(f, change(f.figure ?? { id: '' }));
  return {
    ...scene,
    pose: {
      ...scene.pose,
      people: scene.pose.people.map((p, i) => (hit('person', i) ? apply(p) : p)),
      animals: scene.pose.animals.map((a, i) => (hit('animal', i) ? apply(a) : a)),
    },
  };
}

/** The scene without the given (unlocked) entities. */
export function removeEntities(scene: Scene, refs: readonly EntityRef[]): Scene {
  const gone = (kind: EntityKind, i: number) => refs.some((r) => r.kind === kind && r.index === i && !isLocked(scene, r));
  return {
    ...scene,
    pose: { ...scene.pose, people: scene.pose.people.filter((_, i) => !gone('person', i)), animals: scene.pose.animals.filter((_, i) => !gone('animal', i)) },
  };
}

/** The scene with people and animals appended as new figures (fresh ids, their names and other info kept); returns the refs of the new ones too. */
export function appendEntities(scene: Scene, people: Person[], animals: Animal[]): { scene: Scene; added: EntityRef[] } {
  const added: EntityRef[] = [
    ...people.map((_, i) => ({ kind: 'person' as const, index: scene.pose.people.length + i })),
    ...animals.map((_, i) => ({ kind: 'animal' as const, index: scene.pose.animals.length + i })),
  ];
  const pose = { ...scene.pose, people: [...scene.pose.people, ...asNewFigures(people)], animals: [...scene.pose.animals, ...asNewFigures(animals)] };
  return { scene: { ...scene, pose: withFigureIds(pose) }, added };
}

/** The scene with the lock flag of the given entities set. */
export function setLocked(scene: Scene, refs: readonly EntityRef[], locked: boolean): Scene {
  return updateFigureInfo(scene, refs, () => ({ locked }));
}

/** The scene with an entity's name set (trimmed; '' clears it). */
export function setName(scene: Scene, ref: EntityRef, name: string): Scene {
  return updateFigureInfo(scene, [ref], () => ({ name: name.trim() }));
}

/** The new order of a list of `count` after moving one place `from` to `to` (old indices in their new places). */
export function moveOrder(count: number, from: number, to: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  const [item] = order.splice(from, 1);
  order.splice(to, 0, item!);
  return order;
}

/**
 * The scene with a kind's figures put in a new order (old indices in their new places): the draw
 * order, which is also the order of the exported file. Every reorder (the people list, its keys
 * and menu, bring forward and send backward) goes through here; a figure's info moves with it.
 */
export function reorderEntities(scene: Scene, kind: EntityKind, order: readonly number[]): Scene {
  const key = kind === 'person' ? 'people' : 'animals';
  const list: readonly (Person | Animal)[] = scene.pose[key];
  if (order.length !== list.length || order.every((from, to) => from === to)) return scene;
  return { ...scene, pose: { ...scene.pose, [key]: order.map((i) => list[i]!) } };
}

/** The scene with one person or animal moved to another place in its list. */
export function moveEntity(scene: Scene, ref: EntityRef, toIndex: number): Scene {
  const length = (ref.kind === 'person' ? scene.pose.people : scene.pose.animals).length;
  const to = Math.max(0, Math.min(length - 1, toIndex));
  if (ref.index < 0 || ref.index >= length || to === ref.index) return scene;
  return reorderEntities(scene, ref.kind, moveOrder(length, ref.index, to));
}
