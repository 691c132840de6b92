import { BODY_COLOURS } from '../bodyTopology.js';
import { HAND_EDGE_COLOURS, HAND_EDGES, HAND_POINT_COLOUR } from '../handTopology.js';
import { fillCircle } from '../render/circle.js';
import type { Raster } from '../render/raster.js';
import { thickLine } from '../render/thickLine.js';
import type { Vec2 } from '../types.js';
import { packRgb } from './pixels.js';

// Analysis by synthesis: a hand is drawn by a known rule (20 hue-coded lines of width 2, then 21
// blue dots of radius 4), so its points are where drawing them reproduces the hand's pixels.

const ANY = -1;
const NOTHING = 0;
const MARGIN = 6;
// Pixels the hand cannot have covered: black, and the body drawn before it.
const BEFORE_HAND = new Set([0, ...BODY_COLOURS.map(packRgb), ...BODY_COLOURS.map((c) => packRgb([Math.trunc(c[0] * 0.6), Math.trunc(c[1] * 0.6), Math.trunc(c[2] * 0.6)]))]);

/** The part of the image around one hand, with what the hand's drawing must give at each pixel. */
export interface HandPatch {
  x0: number;
  y0: number;
  width: number;
  height: number;
  /** Per pixel: the packed colour the hand must draw there, NOTHING (0) where it must not draw, ANY (-1) where it may. */
  want: Int32Array;
  scratch: Raster;
}

/** Cuts the patch of one hand's blob of pixels (indices into a packed image `width` wide). */
export function handPatch(packed: Int32Array, width: number, height: number, blob: readonly number[]): HandPatch {
  const xs = blob.map((i) => i % width);
  const ys = blob.map((i) => (i - (i % width)) / width);
  const x0 = Math.max(0, Math.min(...xs) - MARGIN);
  const y0 = Math.max(0, Math.min(...ys) - MARGIN);
  const w = Math.min(width - 1, Math.max(...xs) + MARGIN) - x0 + 1;
  const h = Math.min(height - 1, Math.max(...ys) + MARGIN) - y0 + 1;
  const inBlob = new Set(blob);
  const want = new Int32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y0 + y) * width + x0 + x;
      const c = packed[i] ?? 0;
      // Hand colours outside this blob are another hand's; colours drawn later (face dots) hide ours.
      want[y * w + x] = inBlob.has(i) ? c : BEFORE_HAND.has(c) ? NOTHING : ANY;
    }
  }
  return { x0, y0, width: w, height: h, want, scratch: { width: w, height: h, data: new Uint8ClampedArray(w * h * 4) } };
}

/** Pixels where drawing a hand with these points (image pixels, integers) differs from what the patch wants. */
export function handCost(patch: HandPatch, points: readonly Vec2[]): number {
  const { scratch, x0, y0, want } = patch;
  scratch.data.fill(0);
  HAND_EDGES.forEach(([a, b], k) => {
    const [p, q] = [points[a], points[b]];
    const colour = HAND_EDGE_COLOURS[k];
    if (p && q && colour) thickLine(scratch, p.x - x0, p.y - y0, q.x - x0, q.y - y0, 2, colour);
  });
  for (const p of points) fillCircle(scratch, p.x - x0, p.y - y0, 4, HAND_POINT_COLOUR);
  const d = scratch.data;
  let cost = 0;
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? ANY;
    if (w === ANY) continue;
    const got = ((d[i * 4] ?? 0) << 16) | ((d[i * 4 + 1] ?? 0) << 8) | (d[i * 4 + 2] ?? 0);
    if (got !== w) cost++;
  }
  return cost;
}

// Groups moved together: the whole hand, each finger from each joint to its tip, each point.
// Moving a finger's end as one keeps the bones' hues in place while the finger slides.
const GROUPS: number[][] = [
  Array.from({ length: 21 }, (_, i) => i),
  ...[0, 1, 2, 3, 4].flatMap((f) => [0, 1, 2, 3].map((j) => Array.from({ length: 4 - j }, (_, t) => 1 + f * 4 + j + t))),
  ...Array.from({ length: 21 }, (_, i) => [i]),
];
const STEPS: Vec2[] = [{ x: 1, y: 0 }, { x: -1, y: 0 }, { x: 0, y: 1 }, { x: 0, y: -1 }, { x: 1, y: 1 }, { x: -1, y: -1 }, { x: 1, y: -1 }, { x: -1, y: 1 }];
const MAX_ROUNDS = 40;

/** Moves a hand's points (whole hand, finger ends, single points) one pixel at a time while the drawing gets closer to the patch. */
export function refineHand(patch: HandPatch, start: readonly Vec2[]): { points: Vec2[]; cost: number } {
  let points = start.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) }));
  let cost = handCost(patch, points);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let improved = false;
    for (const group of GROUPS) {
      for (const step of STEPS) {
        const moved = points.map((p, i) => (group.includes(i) ? { x: p.x + step.x, y: p.y + step.y } : p));
        const c = handCost(patch, moved);
        if (c < cost) [points, cost, improved] = [moved, c, true];
      }
    }
    if (!improved) break;
  }
  return { points, cost };
}
