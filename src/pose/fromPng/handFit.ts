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
// A bone's hue is what tells one finger from another where dots pile up: its pixels weigh more.
const EDGE_WEIGHT = 3;
const EDGE_COLOURS = new Set(HAND_EDGE_COLOURS.map(packRgb));
const NOTHING = 0;
const MARGIN = 6;
const WRIST_SLACK = 8;
const WRIST_PULL = 4;
// A dot (radius 4) and a bone (width 2) reach this far from their points.
const REACH = 5;
// Pixels the hand cannot have covered: black, and the body drawn before it.
const BEFORE_HAND = new Set([0, ...BODY_COLOURS.map(packRgb), ...BODY_COLOURS.map((c) => packRgb([Math.trunc(c[0] * 0.6), Math.trunc(c[1] * 0.6), Math.trunc(c[2] * 0.6)]))]);

/** The part of the image around one hand, with what the hand's drawing must give at each pixel. */
export interface HandPatch {
  x0: number;
  y0: number;
  width: number;
  height: number;
  /** Per patch pixel (row by row): the weight of a wrong pixel there, 0 where anything may be drawn. */
  checked: Uint8Array;
  /** Number of checked pixels. */
  checkedCount: number;
  /** Per patch pixel, the RGBA word a scratch raster must hold there (alpha 0; black where the hand must not draw). */
  expected: Uint32Array;
  /** Scratch pixels, as bytes and words, for drawing any window of the patch. */
  bytes: Uint8ClampedArray;
  words: Uint32Array;
  /** The body wrist the hand hangs from, if known. */
  wrist: Vec2 | null;
}

// The RGBA bytes r,g,b,0 as one word in this machine's byte order.
const word = (c: number): number => new Uint32Array(new Uint8Array([(c >> 16) & 255, (c >> 8) & 255, c & 255, 0]).buffer)[0] ?? 0;

/** Cuts the patch of one hand's blob of pixels (indices into a packed image `width` wide). */
export function handPatch(packed: Int32Array, width: number, height: number, blob: readonly number[], wrist: Vec2 | null): HandPatch {
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
  const checked = Uint8Array.from(want, (c) => (c === ANY ? 0 : EDGE_COLOURS.has(c) ? EDGE_WEIGHT : 1));
  const expected = Uint32Array.from(want, (c) => word(Math.max(c, 0)));
  const bytes = new Uint8ClampedArray(w * h * 4);
  const checkedCount = checked.reduce((n, c) => n + (c > 0 ? 1 : 0), 0);
  return { x0, y0, width: w, height: h, checked, checkedCount, expected, bytes, words: new Uint32Array(bytes.buffer), wrist };
}

/** A window of a patch, in patch pixels. */
interface Window {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels of a window of the patch (default: all of it) where drawing a hand with these points (integer image pixels) differs from what the patch wants, plus the wrist's pull. */
export function handCost(patch: HandPatch, points: readonly Vec2[], window: Window = { x: 0, y: 0, width: patch.width, height: patch.height }): number {
  const [ox, oy] = [patch.x0 + window.x, patch.y0 + window.y];
  const raster: Raster = { width: window.width, height: window.height, data: patch.bytes.subarray(0, window.width * window.height * 4) };
  raster.data.fill(0);
  // Only what reaches the window is drawn: drawing is most of the cost.
  const misses = (xa: number, ya: number, xb: number, yb: number) =>
    Math.max(xa, xb) + REACH < 0 || Math.min(xa, xb) - REACH >= window.width || Math.max(ya, yb) + REACH < 0 || Math.min(ya, yb) - REACH >= window.height;
  HAND_EDGES.forEach(([a, b], k) => {
    const [p, q] = [points[a], points[b]];
    const colour = HAND_EDGE_COLOURS[k];
    if (p && q && colour && !misses(p.x - ox, p.y - oy, q.x - ox, q.y - oy)) thickLine(raster, p.x - ox, p.y - oy, q.x - ox, q.y - oy, 2, colour);
  });
  for (const p of points) if (!misses(p.x - ox, p.y - oy, p.x - ox, p.y - oy)) fillCircle(raster, p.x - ox, p.y - oy, 4, HAND_POINT_COLOUR);
  const { checked, expected, words } = patch;
  let cost = 0;
  for (let y = 0; y < window.height; y++) {
    for (let x = 0, at = (window.y + y) * patch.width + window.x, i = y * window.width; x < window.width; x++, at++, i++) {
      if (checked[at] && words[i] !== expected[at]) cost += checked[at] ?? 0;
    }
  }
  // A hand's wrist dot lies on or next to its body's wrist dot: each pixel beyond that costs as a
  // wrong pixel, so a hand is not read shifted by a joint along its fingers.
  const hand = points[0];
  if (patch.wrist && hand) cost += WRIST_PULL * Math.max(0, Math.hypot(hand.x - patch.wrist.x, hand.y - patch.wrist.y) - WRIST_SLACK);
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

// The points whose drawing changes when a group moves: the group and the ends of its bones.
const TOUCHED = GROUPS.map((group) => [...new Set(group.flatMap((i) => [i, ...HAND_EDGES.flatMap(([a, b]) => (a === i ? [b] : b === i ? [a] : []))]))]);

function windowAround(patch: HandPatch, points: readonly Vec2[], moved: readonly Vec2[], touched: readonly number[]): Window {
  const ps = touched.flatMap((i) => [points[i], moved[i]]).filter((p): p is Vec2 => !!p);
  const x0 = Math.max(0, Math.min(...ps.map((p) => p.x)) - patch.x0 - REACH);
  const y0 = Math.max(0, Math.min(...ps.map((p) => p.y)) - patch.y0 - REACH);
  const x1 = Math.min(patch.width - 1, Math.max(...ps.map((p) => p.x)) - patch.x0 + REACH);
  const y1 = Math.min(patch.height - 1, Math.max(...ps.map((p) => p.y)) - patch.y0 + REACH);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0 + 1), height: Math.max(0, y1 - y0 + 1) };
}

/** Moves a hand's points (whole hand, finger ends, single points) one pixel at a time while the drawing gets closer to the patch. */
export function refineHand(patch: HandPatch, start: readonly Vec2[]): { points: Vec2[]; cost: number } {
  let points = start.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) }));
  let cost = handCost(patch, points);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let improved = false;
    GROUPS.forEach((group, g) => {
      for (const step of STEPS) {
        const moved = points.map((p, i) => (group.includes(i) ? { x: p.x + step.x, y: p.y + step.y } : p));
        // Only the pixels near what moved can change: compare the window before and after.
        const window = windowAround(patch, points, moved, TOUCHED[g] ?? []);
        const delta = handCost(patch, moved, window) - handCost(patch, points, window);
        if (delta < 0) [points, cost, improved] = [moved, cost + delta, true];
      }
    });
    if (!improved) break;
  }
  return { points, cost };
}
