import { ANIMAL_MIRROR } from './animalTopology.js';
import { boundingBox, boxCentre } from './boundingBox.js';
import { mirrorAcross, movedKeypoint, rotation, scaling, translation, type PointMap } from './pointMaps.js';
import type { Animal, Box, Keypoint, Vec2 } from './types.js';

/** A new animal with f applied to every point; its figure info is kept. */
export function mapAnimal(animal: Animal, f: PointMap): Animal {
  return { ...(animal.figure ? { figure: animal.figure } : {}), keypoints: animal.keypoints.map((p) => movedKeypoint(p, f)) };
}

/** Deep copy of an animal. */
export function cloneAnimal(animal: Animal): Animal {
  return mapAnimal(animal, (p) => ({ x: p.x, y: p.y }));
}

/** Box around an animal's visible points, or null. */
export function animalBoundingBox(animal: Animal): Box | null {
  return boundingBox(animal.keypoints);
}

function centreOf(animal: Animal, centre: Vec2 | undefined): Vec2 {
  const box = animalBoundingBox(animal);
  return centre ?? (box ? boxCentre(box) : { x: 0, y: 0 });
}

/** Moves an animal by (dx, dy). */
export function translateAnimal(animal: Animal, dx: number, dy: number): Animal {
  return mapAnimal(animal, translation(dx, dy));
}

/** Scales an animal about centre (default: its box centre). */
export function scaleAnimal(animal: Animal, factor: number, centre?: Vec2): Animal {
  return mapAnimal(animal, scaling(factor, centreOf(animal, centre)));
}

/** Rotates an animal clockwise on screen by radians about centre (default: its box centre). */
export function rotateAnimal(animal: Animal, radians: number, centre?: Vec2): Animal {
  return mapAnimal(animal, rotation(radians, centreOf(animal, centre)));
}

/** Mirrors an animal horizontally about centreX (default: its box centre) and swaps left/right labels. */
export function flipAnimal(animal: Animal, centreX?: number): Animal {
  const mirrored = mapAnimal(animal, mirrorAcross(centreX ?? centreOf(animal, undefined).x));
  return { keypoints: mirrored.keypoints.map((_, i) => mirrored.keypoints[ANIMAL_MIRROR[i] ?? i] as Keypoint) };
}
