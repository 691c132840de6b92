import { cloneAnimal, mapAnimal } from './animal.js';
import { clonePerson, mapPerson } from './person.js';
import type { PoseDocument } from './types.js';

/** More people and animals than this in one pose is a mistake, not a scene: the editor and the API refuse it. */
export const MAX_FIGURES = 100;

/** An empty document, by default the product's 400 x 600. */
export function createEmptyDocument(width = 400, height = 600): PoseDocument {
  return { canvas_width: width, canvas_height: height, people: [], animals: [] };
}

/** Deep copy of a document. */
export function cloneDocument(doc: PoseDocument): PoseDocument {
  return { ...doc, people: doc.people.map(clonePerson), animals: doc.animals.map(cloneAnimal) };
}

/** The document on a new canvas size, every pose kept at the same place relative to the canvas. */
export function rescaleDocument(doc: PoseDocument, width: number, height: number): PoseDocument {
  const [sx, sy] = [width / doc.canvas_width, height / doc.canvas_height];
  const f = (p: { x: number; y: number }) => ({ x: p.x * sx, y: p.y * sy });
  return {
    ...doc,
    canvas_width: width,
    canvas_height: height,
    people: doc.people.map((p) => mapPerson(p, f)),
    animals: doc.animals.map((a) => mapAnimal(a, f)),
  };
}
