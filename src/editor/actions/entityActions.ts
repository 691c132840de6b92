import {
  animalBoundingBox,
  boxCentre,
  cloneAnimal,
  clonePerson,
  createDefaultAnimal,
  createDefaultPerson,
  defaultPersonHeight,
  flipAnimal,
  flipFigureInfo,
  flipPerson,
  mirrorPersonSide,
  personBoundingBox,
  scaleAnimal,
  scalePerson,
  translateAnimal,
  translatePerson,
  type Animal,
  type Person,
} from '../../pose';
import { appendEntities, removeEntities, setLocked, updateEntities, updateFigures } from '../model/entities';
import { isLocked, type EntityRef, type Scene } from '../model/scene';
import { editableEntities, EMPTY_SELECTION, selectionBox, type Selection } from '../model/selection';
import { ANIMAL_HEIGHT_SHARE, newFigurePlace } from './placement';
import type { EditAction } from './types';

/** Copies are offset by this many pixels so they do not hide their original. */
export const DUPLICATE_OFFSET = 24;

const hasEditable = (scene: Scene, selection: Selection) => editableEntities(scene, selection).length > 0;
const selectNew =
  (kind: EntityRef['kind']) =>
  (_before: Scene, after: Scene): Selection => {
    const list = kind === 'person' ? after.pose.people : after.pose.animals;
    return { entities: [{ kind, index: list.length - 1 }], joint: null };
  };

const canvasCentre = (scene: Scene) => ({ x: scene.pose.canvas_width / 2, y: scene.pose.canvas_height / 2 });

const addPerson: EditAction = {
  kind: 'edit',
  name: 'addPerson',
  labelKey: 'editor.actions.addPerson',
  keys: ['P'],
  enabled: () => true,
  perform(scene) {
    const height = defaultPersonHeight(scene.pose.canvas_height);
    const person = createDefaultPerson({ centre: canvasCentre(scene), height });
    const { offset, scale } = newFigurePlace(scene, personBoundingBox(person));
    return appendEntities(scene, [translatePerson(scalePerson(person, scale, canvasCentre(scene)), offset.x, offset.y)], []).scene;
  },
  selectAfter: selectNew('person'),
};

const addAnimal: EditAction = {
  kind: 'edit',
  name: 'addAnimal',
  labelKey: 'editor.actions.addAnimal',
  keys: ['A'],
  enabled: () => true,
  perform(scene) {
    const height = Math.min(scene.pose.canvas_width, scene.pose.canvas_height) * ANIMAL_HEIGHT_SHARE;
    const animal = createDefaultAnimal({ centre: canvasCentre(scene), height });
    const { offset, scale } = newFigurePlace(scene, animalBoundingBox(animal));
    return appendEntities(scene, [], [translateAnimal(scaleAnimal(animal, scale, canvasCentre(scene)), offset.x, offset.y)]).scene;
  },
  selectAfter: selectNew('animal'),
};

function copies(scene: Scene, selection: Selection): { people: Person[]; animals: Animal[] } {
  const pick = (kind: EntityRef['kind']) => selection.entities.filter((r) => r.kind === kind).map((r) => r.index);
  return {
    people: pick('person').flatMap((i) =>
      scene.pose.people[i] ? [translatePerson(clonePerson(scene.pose.people[i]), DUPLICATE_OFFSET, DUPLICATE_OFFSET)] : [],
    ),
    animals: pick('animal').flatMap((i) =>
      scene.pose.animals[i] ? [translateAnimal(cloneAnimal(scene.pose.animals[i]), DUPLICATE_OFFSET, DUPLICATE_OFFSET)] : [],
    ),
  };
}

const duplicate: EditAction = {
  kind: 'edit',
  name: 'duplicate',
  labelKey: 'editor.actions.duplicate',
  keys: ['Mod+D'],
  enabled: (_scene, selection) => selection.entities.length > 0,
  perform(scene, selection) {
    const { people, animals } = copies(scene, selection);
    return appendEntities(scene, people, animals).scene;
  },
  selectAfter(before, after) {
    const added = (kind: EntityRef['kind'], from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ kind, index: from + i }));
    return {
      entities: [
        ...added('person', before.pose.people.length, after.pose.people.length),
        ...added('animal', before.pose.animals.length, after.pose.animals.length),
      ],
      joint: null,
    };
  },
};

const remove: EditAction = {
  kind: 'edit',
  name: 'delete',
  labelKey: 'editor.actions.delete',
  keys: ['Delete', 'Backspace'],
  enabled: hasEditable,
  perform: (scene, selection) => removeEntities(scene, selection.entities),
  selectAfter: () => EMPTY_SELECTION,
};

const flip: EditAction = {
  kind: 'edit',
  name: 'flip',
  labelKey: 'editor.actions.flip',
  keys: ['F'],
  enabled: hasEditable,
  perform(scene, selection) {
    const refs = editableEntities(scene, selection);
    const box = selectionBox(scene, { entities: refs, joint: null });
    if (!box) return scene;
    // One mirror line for the whole group, so several people keep their arrangement mirrored.
    const x = boxCentre(box).x;
    // Pins and the memory of hidden points follow their points to the other side.
    return updateFigures(scene, refs, {
      person: (p) => ({ ...flipPerson(p, x), figure: flipFigureInfo(p.figure, 'person') }),
      animal: (a) => ({ ...flipAnimal(a, x), figure: flipFigureInfo(a.figure, 'animal') }),
    });
  },
};

const mirror = (from: 'left' | 'right'): EditAction => ({
  kind: 'edit',
  name: from === 'left' ? 'mirrorLeftToRight' : 'mirrorRightToLeft',
  labelKey: from === 'left' ? 'editor.actions.mirrorLeftToRight' : 'editor.actions.mirrorRightToLeft',
  keys: from === 'left' ? ['M'] : ['Shift+M'],
  enabled: (scene, selection) => editableEntities(scene, selection).some((r) => r.kind === 'person'),
  perform: (scene, selection) => updateEntities(scene, editableEntities(scene, selection), { person: (p) => mirrorPersonSide(p, from) }),
});

const lock: EditAction = {
  kind: 'edit',
  name: 'lock',
  labelKey: 'editor.actions.lock',
  keys: ['L'],
  enabled: (_scene, selection) => selection.entities.length > 0,
  perform(scene, selection) {
    const allLocked = selection.entities.every((r) => isLocked(scene, r));
    return setLocked(scene, selection.entities, !allLocked);
  },
};

/** Actions that add, copy, remove, flip, mirror or lock whole people and animals. */
export const ENTITY_ACTIONS: EditAction[] = [addPerson, addAnimal, duplicate, remove, flip, mirror('left'), mirror('right'), lock];
