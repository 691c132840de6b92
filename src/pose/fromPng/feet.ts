import { BODY_LIMB_COLOURS } from '../bodyTopology.js';
import { FOOT_COLOURS, FOOT_KEYPOINT_COUNT, FOOT_LIMB_COLOURS, FOOT_LIMBS } from '../footTopology.js';
import type { Vec2 } from '../types.js';
import { limbSupport, type ReadBody } from './bodies.js';
import { JOINT_RADIUS } from './limbEvidence.js';
import { findDiscs } from './discs.js';
import { strokeBetween } from './limbEvidence.js';
import { packRgb } from './pixels.js';

// The "whole body with feet" drawing (src/pose/render/drawBody.ts) adds, after the body's limbs,
// a limb from each ankle to each of its foot's three points, and after the body's joints a dot
// per foot point, each in its own colour (limb at 0.6 of it). So a foot point is a dot of its
// colour that its limb's stroke joins to a read ankle, read as the body's joints are.

/** One person's feet read from an image: the six foot points (FOOT order), null where not drawn. */
export type ReadFeet = Array<Vec2 | null>;

// Nothing but black and limb strokes lies under a foot dot: joints, hands and faces are drawn over it.
const LIMBS = new Set([...BODY_LIMB_COLOURS, ...FOOT_LIMB_COLOURS].map(packRgb));
const mayCoverFoot = (colour: number): boolean => colour !== 0 && !LIMBS.has(colour);

/** Reads each body's foot points: per foot colour, its dots joined to a read ankle by that foot limb's stroke, best-supported first. */
export function readFeet(packed: Int32Array, width: number, height: number, bodies: readonly ReadBody[]): ReadFeet[] {
  const feet: ReadFeet[] = bodies.map(() => Array.from({ length: FOOT_KEYPOINT_COUNT }, () => null));
  FOOT_LIMBS.forEach(([ankle, point], limb) => {
    const colour = FOOT_COLOURS[limb] ?? [0, 0, 0];
    const dots = findDiscs({ packed, width, height, colour: packRgb(colour), radius: JOINT_RADIUS, mayCover: mayCoverFoot, minPixels: 1 });
    const stroke = packRgb(FOOT_LIMB_COLOURS[limb] ?? [0, 0, 0]);
    const joins = bodies.flatMap((body, b) => {
      const from = body[ankle];
      if (!from) return [];
      return dots.flatMap((dot, d) => {
        const length = Math.hypot(dot.x - from.x, dot.y - from.y);
        const support = limbSupport(strokeBetween(packed, width, from, dot, stroke), length);
        return support === null ? [] : [{ b, d, support, length }];
      });
    });
    const taken = new Set<number>();
    for (const { b, d } of joins.sort((x, y) => y.support - x.support || x.length - y.length)) {
      const person = feet[b];
      if (!person || person[point] || taken.has(d)) continue;
      person[point] = dots[d] ?? null;
      taken.add(d);
    }
  });
  return feet;
}
