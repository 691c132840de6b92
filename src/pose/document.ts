import { cloneAnimal, mapAnimal } from './animal.js';
import { clonePerson, mapPerson } from './person.js';
import type { DepthPoint, PoseDocument } from './types.js';

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

/** How a pose meets a canvas of another aspect: scaled to fit inside it, scaled to fill it (cropping), or kept at its size; always centred. */
export type FrameFit = 'fit' | 'fill' | 'keep';

/** Every way a pose can meet a new canvas, the default first. */
export const FRAME_FITS: readonly FrameFit[] = ['fit', 'fill', 'keep'];

/** Whether a value names a FrameFit. */
export const isFrameFit = (v: unknown): v is FrameFit => FRAME_FITS.includes(v as FrameFit);

/**
 * The document on a new canvas size. Every figure is scaled by one factor in x and y, so bone-length
 * ratios never change (a frame change must not stretch people), and the old canvas is centred on the
 * new one. A hidden point at 0, 0 (no place known, from a file) stays at 0, 0.
 */
export function refitDocument(doc: PoseDocument, width: number, height: number, fit: FrameFit = 'fit'): PoseDocument {
  if (doc.canvas_width === width && doc.canvas_height === height) return doc;
  const [sx, sy] = [width / doc.canvas_width, height / doc.canvas_height];
  const s = fit === 'keep' ? 1 : fit === 'fill' ? Math.max(sx, sy) : Math.min(sx, sy);
  const [dx, dy] = [(width - doc.canvas_width * s) / 2, (height - doc.canvas_height * s) / 2];
  // Depth scales with the figure, so 3D bone-length ratios hold too.
  const f = (p: DepthPoint & { visible?: boolean }) =>
    p.x === 0 && p.y === 0 && p.visible === false ? { x: 0, y: 0 } : { x: p.x * s + dx, y: p.y * s + dy, ...(p.z === undefined ? {} : { z: p.z * s }) };
  return {
    ...doc,
    canvas_width: width,
    canvas_height: height,
    people: doc.people.map((p) => mapPerson(p, f)),
    animals: doc.animals.map((a) => mapAnimal(a, f)),
  };
}
