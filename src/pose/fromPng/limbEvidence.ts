import { BODY_LIMB_COLOURS, BODY_LIMBS } from '../bodyTopology.js';
import type { Vec2 } from '../types.js';
import { packRgb } from './pixels.js';

/** A joint dot's radius: ControlNet draws every body (and foot) joint as a disc of radius 4. */
export const JOINT_RADIUS = 4;

/** How much longer than the longest limb read in a body a limb not read may be (the trunk is longer than a forearm). */
export const LIMB_SLACK = 1.5;

/** The body limbs' stroke colours (0.6 x colour), packed, in BODY_LIMBS order. */
export const BODY_LIMB_PACKED: readonly number[] = BODY_LIMB_COLOURS.map(packRgb);

/** The packed stroke colour of the body limb from joint `a` to joint `b` (0 when no limb joins them). */
export const limbColour = (a: number, b: number): number => BODY_LIMB_PACKED[BODY_LIMBS.findIndex(([x, y]) => x === a && y === b)] ?? 0;

// Joint dots (radius 4) cover both ends of a limb; samples closer than this to an end say nothing.
const END_MARGIN = 5;
const BLACK = 0;
const FACE_WHITE = 0xffffff;
// Half-width of the band sampled across a limb (its ellipse is 4 px each side in the middle).
const ACROSS = 3;

/** How well a straight stroke of one colour joins two points: hits among the samples not covered by later drawing. */
export interface StrokeScore {
  /** Share of the readable samples that have the stroke's colour (0..1). */
  share: number;
  /** Samples that have the stroke's colour. */
  hits: number;
  /** Samples not covered by later drawing (the stroke's colour or black). */
  readable: number;
  /** Samples taken inside the image, and of them those with a face dot's white across them. */
  samples: number;
  faced: number;
}

/**
 * Samples the segment from `a` to `b` (skipping the dots at its ends) in a packed-RGB image and
 * scores how much of it is the colour `colour`: a step hits when a pixel across it has the colour,
 * misses when every pixel across it is black, and otherwise counts as covered by later drawing.
 */
export function strokeBetween(packed: Int32Array, width: number, a: Vec2, b: Vec2, colour: number): StrokeScore {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const height = packed.length / width;
  const across = length === 0 ? { x: 0, y: 0 } : { x: -(b.y - a.y) / length, y: (b.x - a.x) / length };
  let [hits, misses, samples, faced] = [0, 0, 0, 0];
  for (let s = END_MARGIN; s <= length - END_MARGIN; s += 1) {
    const t = s / length;
    // Across the stroke's middle: a limb running off the image's edge still shows its inner side.
    let [hit, black, seen, face] = [false, true, false, false];
    for (let o = -ACROSS; o <= ACROSS; o++) {
      const x = Math.round(a.x + (b.x - a.x) * t + across.x * o);
      const y = Math.round(a.y + (b.y - a.y) * t + across.y * o);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const c = packed[y * width + x];
      seen = true;
      if (c === colour) hit = true;
      else if (c !== BLACK) black = false;
      if (c === FACE_WHITE) face = true;
    }
    if (!seen) continue;
    samples++;
    if (face) faced++;
    if (hit) hits++;
    else if (black) misses++;
  }
  return { share: hits + misses === 0 ? 0 : hits / (hits + misses), hits, readable: hits + misses, samples, faced };
}

/**
 * The axis of the limb ControlNet draws between two joints read at `a` and `b` (pixel centres):
 * its ellipse is centred on the whole-pixel midpoint and turned by the whole-degree angle, so a
 * long limb's ends stray a few pixels from the straight line between its joints.
 */
export function drawnAxis(a: Vec2, b: Vec2): [Vec2, Vec2] {
  const [ax, ay, bx, by] = [a.x + 0.5, a.y + 0.5, b.x + 0.5, b.y + 0.5];
  const centre = { x: Math.trunc((ax + bx) / 2), y: Math.trunc((ay + by) / 2) };
  const half = Math.trunc(Math.hypot(bx - ax, by - ay) / 2);
  const angle = (Math.trunc((180 / Math.PI) * Math.atan2(ay - by, ax - bx)) * Math.PI) / 180;
  const along = { x: Math.cos(angle) * half, y: Math.sin(angle) * half };
  return [
    { x: centre.x + along.x, y: centre.y + along.y },
    { x: centre.x - along.x, y: centre.y - along.y },
  ];
}

/** How the stroke of body limb `limb` (its index in BODY_LIMBS) shows between joints read at `a` and `b`, along the axis ControlNet draws it on. */
export const drawnLimbStroke = (packed: Int32Array, width: number, limb: number, a: Vec2, b: Vec2): StrokeScore =>
  strokeBetween(packed, width, ...drawnAxis(a, b), BODY_LIMB_PACKED[limb] ?? 0);

/** Whether a limb's stroke runs over black: a limb is drawn whole, so no limb joins its two ends. */
export const runsOverBlack = (s: StrokeScore): boolean => s.readable > s.hits;

/** Whether the segment from `a` to `b` passes over the joint dot at `q` (within two radii of it), away from its ends. */
export function passesOver(a: Vec2, b: Vec2, q: Vec2): boolean {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  if (length === 0) return false;
  const along = ((q.x - a.x) * (b.x - a.x) + (q.y - a.y) * (b.y - a.y)) / length;
  const across = Math.abs((q.y - a.y) * (b.x - a.x) - (q.x - a.x) * (b.y - a.y)) / length;
  return along > 2 * JOINT_RADIUS && along < length - 2 * JOINT_RADIUS && across <= 2 * JOINT_RADIUS;
}

// Around a joint, just beyond its dot, where the limb's stroke leaves it.
const RING = [7, 8, 9, 10];
// A stroke seen this far (in radians) from the way to the other joint leaves for somewhere else.
const TOWARD = 0.6;

/**
 * Whether a limb's colour leaves the joint at `from` only away from `to`: some of it shows around
 * the joint, none on the way to `to` (that limb's other end is elsewhere).
 */
export function leavesElsewhere(packed: Int32Array, width: number, from: Vec2, to: Vec2, colour: number): boolean {
  const height = packed.length / width;
  const way = Math.atan2(to.y - from.y, to.x - from.x);
  let [toward, away] = [0, 0];
  for (const r of RING) {
    for (let step = 0; step < 8 * r; step++) {
      const angle = (step / (8 * r)) * 2 * Math.PI;
      const [x, y] = [Math.round(from.x + r * Math.cos(angle)), Math.round(from.y + r * Math.sin(angle))];
      if (x < 0 || y < 0 || x >= width || y >= height || packed[y * width + x] !== colour) continue;
      const off = Math.abs(Math.atan2(Math.sin(angle - way), Math.cos(angle - way)));
      if (off <= TOWARD) toward++;
      else away++;
    }
  }
  return away >= 3 && toward === 0;
}
