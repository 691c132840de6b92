import fc from 'fast-check';
import type { Keypoint, Vec2 } from '../../../../src/pose/index.js';
import { animalFigure, personFigure, type Figure } from '../../../../src/editor/posing/figure';
import { ROOT, type Skeleton } from '../../../../src/editor/posing/skeleton';
import { fullPerson } from '../scenes';
import { createDefaultAnimal } from '../../../../src/pose/index.js';

/** A standing person with hands and face, as a working figure. */
export const personAt = (x = 200): Figure => personFigure(fullPerson(x));
/** A standing animal, as a working figure. */
export const animal = (): Figure => animalFigure(createDefaultAnimal({ centre: { x: 200, y: 300 }, height: 160 }));

/** A target anywhere on and around a 400 x 600 canvas. */
export const anyTarget = fc.record({ x: fc.double({ min: -100, max: 500, noNaN: true }), y: fc.double({ min: -100, max: 700, noNaN: true }) });

const dist = (a: Vec2, b: Vec2) => Math.hypot(a.x - b.x, a.y - b.y);

const dist3 = (a: Keypoint, b: Keypoint) => Math.hypot(a.x - b.x, a.y - b.y, (a.z ?? 0) - (b.z ?? 0));

/** Every bone's length, in 3D (by its lower joint; bones from the root left out: the root is not a point). */
export function boneLengths(skeleton: Skeleton, body: readonly Keypoint[]): number[] {
  return skeleton.parent.map((p, j) => (p === ROOT ? 0 : dist3(body[p]!, body[j]!)));
}

/** The largest change of any bone length between two poses. */
export function maxLengthChange(skeleton: Skeleton, a: readonly Keypoint[], b: readonly Keypoint[]): number {
  const [la, lb] = [boneLengths(skeleton, a), boneLengths(skeleton, b)];
  return Math.max(...la.map((l, i) => Math.abs(l - lb[i]!)));
}

/** Distance between two points. */
export { dist };
