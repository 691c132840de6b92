import { distance, midpoint } from '../geometry.js';
import type { RawTriples } from './readTriples.js';
import type { PoseReading } from './reading.js';

// Three layouts write a body in 75 numbers and the file does not say which: OpenPose's BODY_25
// (mid-hip at 8), its BODY_25B (COCO-17 first; the model is named only on the command line) and
// COCO-18 padded to 25 points (ComfyUI editors; sometimes with two toe points after the ears). The
// skeleton tells them apart: BODY_25's point 8 lies between its hips (9, 12); BODY_25B's points 1
// and 2 are eyes beside its nose, not a neck between shoulders; a padded COCO-18's 8-13 are two
// legs of thigh and shin.

/** A 75-number body's layout. */
export type Layout75 = 'body25' | 'body25b' | 'coco18-padded';

/** The layout a 75-number body was read in, and the other the skeleton could not rule out. */
export interface Decision75 {
  layout: Layout75;
  doubt: Layout75 | undefined;
}

interface Pt {
  x: number;
  y: number;
  c: number;
}

const at = (raw: RawTriples, i: number): Pt => ({ x: raw.numbers[i * 3] ?? 0, y: raw.numbers[i * 3 + 1] ?? 0, c: raw.numbers[i * 3 + 2] ?? 0 });

const found = (...points: Pt[]) => points.every((p) => p.c > 0);

// Whether `mid` lies between a and b (within a quarter of their distance of their midpoint); undefined when a point is missing.
function between(mid: Pt, a: Pt, b: Pt): boolean | undefined {
  if (!found(mid, a, b)) return undefined;
  return distance(mid, midpoint(a, b)) <= Math.max(distance(a, b) * 0.25, 1e-9);
}

// BODY_25B's eyes (1, 2) sit beside its nose: within a third of the shoulder width (5, 6), or,
// for a figure turned sideways (narrow shoulders), within half the nose's distance to either
// shoulder. Read as BODY_25 the same slots are the neck and a shoulder, farther off by either
// measure. One eye found is enough: a turned head shows one. `loose` takes the second measure.
function eyesBesideNose(raw: RawTriples, loose: boolean): boolean | undefined {
  const [nose, left, right] = [0, 5, 6].map((i) => at(raw, i)) as [Pt, Pt, Pt];
  const eyes = [1, 2].map((i) => at(raw, i)).filter((p) => p.c > 0);
  if (!found(nose, left, right) || eyes.length === 0) return undefined;
  const reach = loose ? Math.min(distance(nose, left), distance(nose, right)) / 2 : distance(left, right) / 3;
  return Math.max(...eyes.map((eye) => distance(nose, eye))) <= reach;
}

// A padded COCO-18's right leg is 8-9-10 and its left 11-12-13: each thigh within half and twice
// its shin, and the two thighs within half and twice each other. Read that way, BODY_25's legs
// start with the mid-hip to hip step, a fifth of a thigh.
function cocoLegs(raw: RawTriples): boolean | undefined {
  const p = [8, 9, 10, 11, 12, 13].map((i) => at(raw, i)) as [Pt, Pt, Pt, Pt, Pt, Pt];
  if (!found(...p)) return undefined;
  const [rThigh, rShin, lThigh, lShin] = [distance(p[0], p[1]), distance(p[1], p[2]), distance(p[3], p[4]), distance(p[4], p[5])];
  const near = (a: number, b: number) => a <= b * 2 && b <= a * 2;
  return near(rThigh, rShin) && near(lThigh, lShin) && near(rThigh, lThigh);
}

const zeroFrom = (raw: RawTriples, first: number) => raw.numbers.slice(first * 3).every((n) => n === 0);

/**
 * Decides a 75-number body's layout from its skeleton. Where exactly one layout fits, it is read
 * so; otherwise the writer's habit decides (raw OpenPose output is BODY_25; a file with a canvas
 * size whose points past COCO's 18 are all zero is a padded COCO-18) and another layout that fits
 * too, or (in a file with a canvas size) that missing points cannot rule out, is named as the doubt.
 */
export function decide75(raw: RawTriples, reading: PoseReading): Decision75 {
  const midHip = between(at(raw, 8), at(raw, 9), at(raw, 12));
  // BODY_25's (and a padded COCO-18's) neck lies between its shoulders (2, 5); BODY_25B's 1, 2, 5 are two eyes and a shoulder.
  const neck = between(at(raw, 1), at(raw, 2), at(raw, 5));
  const eyes = eyesBesideNose(raw, false) === true || (neck === false && eyesBesideNose(raw, true) === true);
  const body25b = midHip === true || neck === true ? false : eyes ? true : neck === false ? undefined : false;
  // The padding holds nothing past the two toe points some editors add after the ears.
  const padded = zeroFrom(raw, 20) && midHip !== true ? cocoLegs(raw) : false;
  const fits: Record<Layout75, boolean | undefined> = { body25: midHip, body25b, 'coco18-padded': padded };
  const layouts: Layout75[] = ['body25', 'body25b', 'coco18-padded'];
  const sure = layouts.filter((l) => fits[l] === true);
  if (sure.length === 1) return { layout: sure[0]!, doubt: undefined };
  const habit: Layout75 = reading === 'openpose' || !zeroFrom(raw, 18) ? 'body25' : 'coco18-padded';
  if (sure.length > 1) {
    const layout = sure.includes(habit) ? habit : sure[0]!;
    return { layout, doubt: sure.find((l) => l !== layout) };
  }
  // Raw OpenPose output is BODY_25 unless its skeleton says otherwise: a missing point is no doubt there.
  const doubt = reading === 'openpose' ? undefined : layouts.find((l) => l !== habit && fits[l] === undefined);
  return { layout: habit, doubt };
}
