import type { Animal, Person } from '../../pose';
import { updateFigures } from '../model/entities';
import { pinsOf, type EntityRef, type Scene } from '../model/scene';
import { animalFigure, figureAnimal, figurePerson, personFigure, type Figure } from './figure';
import { skeletonOf, type Skeleton } from './skeleton';

/** A posing step on one figure, given its skeleton and pinned joints. */
export type FigureStep = (figure: Figure, skeleton: Skeleton, pins: readonly number[], ref: EntityRef) => Figure;

/** The scene with a posing step applied to each given (unlocked) person and animal: their points and the bend sides in their records. */
export function poseEntities(scene: Scene, refs: readonly EntityRef[], step: FigureStep): Scene {
  return updateFigures(scene, refs, {
    person: (person: Person, index: number) => {
      const ref = { kind: 'person' as const, index };
      const start = personFigure(person);
      const next = step(start, skeletonOf('person'), pinsOf(scene, ref), ref);
      return next === start ? person : figurePerson(next, person);
    },
    animal: (animal: Animal, index: number) => {
      const ref = { kind: 'animal' as const, index };
      const start = animalFigure(animal);
      const next = step(start, skeletonOf('animal'), pinsOf(scene, ref), ref);
      return next === start ? animal : figureAnimal(next, animal);
    },
  });
}
