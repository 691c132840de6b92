import { BODY_COLOURS, BODY_LIMB_COLOURS } from '../bodyTopology.js';
import { HAND_EDGE_COLOURS, HAND_EDGES, HAND_POINT_COLOUR } from '../handTopology.js';
import type { Rgb, Vec2 } from '../types.js';
import { drawBone, drawDot, type HandCanvas } from './handDraw.js';
import { components, packRgb } from './pixels.js';

// Analysis by synthesis: a hand is drawn by a known rule (20 hue-coded lines of width 2, then 21
// blue dots of radius 4), so its points are where drawing them reproduces the hand's pixels.

/** In a patch's `want`: a pixel anything may cover (drawn after the hand). */
export const ANY = -1;
/** In a patch's `want`: a pixel the hand must leave alone (black, or the body drawn before it). */
export const NOTHING = 0;
/** A bone's hue is what tells one finger from another where dots pile up: its pixels weigh more. */
export const EDGE_WEIGHT = 3;
const EDGE_COLOURS = new Set(HAND_EDGE_COLOURS.map(packRgb));
const MARGIN = 6;
/** A dot (radius 4) and a bone (width 2) reach this far from their points. */
export const REACH = 5;
// Pixels the hand cannot have covered: black, and the body drawn before it.
const BEFORE_HAND = new Set([0, ...BODY_COLOURS.map(packRgb), ...BODY_LIMB_COLOURS.map(packRgb)]);

/** The part of the image around one hand, with what the hand's drawing must give at each pixel. */
export interface HandPatch {
  x0: number;
  y0: number;
  width: number;
  height: number;
  /** Per patch pixel (row by row): the packed colour the hand's drawing must leave there, ANY or NOTHING. */
  want: Int32Array;
  /** Per patch pixel: the weight of a wrong pixel there, 0 where anything may be drawn. */
  checked: Uint8Array;
  /** Per patch pixel, the RGBA word a scratch raster must hold there (alpha 0; black where the hand must not draw). */
  expected: Uint32Array;
  /** Scratch pixels of the patch's size, as bytes and words, to draw the hand on. */
  bytes: Uint8ClampedArray;
  words: Uint32Array;
  /** The body wrist the hand hangs from, if known. */
  wrist: Vec2 | null;
}

// The RGBA bytes r,g,b,0 as one word in this machine's byte order.
const word = (c: number): number => new Uint32Array(new Uint8Array([(c >> 16) & 255, (c >> 8) & 255, c & 255, 0]).buffer)[0] ?? 0;
const EDGE_WORDS = HAND_EDGE_COLOURS.map((c) => word(packRgb(c)));
const DOT_WORD = word(packRgb(HAND_POINT_COLOUR));
const EDGE_FROM = Int32Array.from(HAND_EDGES, ([a]) => a);
const EDGE_TO = Int32Array.from(HAND_EDGES, ([, b]) => b);

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
  const at = (k: number) => (y0 + Math.floor(k / w)) * width + x0 + (k % w);
  freeDrawnOver(
    want,
    Int32Array.from(want, (_, k) => packed[at(k)] ?? 0),
    w,
    h,
    Uint8Array.from(want, (_, k) => (inBlob.has(at(k)) ? 1 : 0)),
  );
  const checked = Uint8Array.from(want, (c) => (c === ANY ? 0 : EDGE_COLOURS.has(c) ? EDGE_WEIGHT : 1));
  const expected = Uint32Array.from(want, (c) => word(Math.max(c, 0)));
  const bytes = new Uint8ClampedArray(w * h * 4);
  return { x0, y0, width: w, height: h, want, checked, expected, bytes, words: new Uint32Array(bytes.buffer), wrist };
}

// A body stroke or dot the hand was drawn over shows the hand's pixels inside it: somewhere a run
// of the hand's pixels has that stroke's pixels at both its ends. One drawn later (a later
// person's limb across the hand) has none inside it: it may hide the hand, so its pixels are ANY.
const SANDWICH = 9;
const STEPS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;

function freeDrawnOver(want: Int32Array, colours: Int32Array, w: number, h: number, blob: Uint8Array): void {
  const isBody = (k: number) => want[k] === NOTHING && colours[k] !== 0;
  const parts = components(w, h, isBody, (a, b) => colours[a] === colours[b]);
  const label = new Int32Array(w * h).fill(-1);
  parts.forEach((part, n) => {
    for (const k of part) label[k] = n;
  });
  const under = new Uint8Array(parts.length);
  // The first pixel past the run of hand pixels from (x, y) stepping (dx, dy): its label, or -1.
  const exit = (x: number, y: number, dx: number, dy: number) => {
    for (let step = 1; step <= SANDWICH; step++) {
      const [px, py] = [x + dx * step, y + dy * step];
      if (px < 0 || py < 0 || px >= w || py >= h) return -1;
      if (!blob[py * w + px]) return label[py * w + px] ?? -1;
    }
    return -1;
  };
  for (let k = 0; k < blob.length; k++) {
    if (!blob[k]) continue;
    const [x, y] = [k % w, Math.floor(k / w)];
    for (const [dx, dy] of STEPS) {
      const ahead = exit(x, y, dx, dy);
      if (ahead >= 0 && ahead === exit(x, y, -dx, -dy)) under[ahead] = 1;
    }
  }
  parts.forEach((part, n) => {
    if (!under[n]) for (const k of part) want[k] = ANY;
  });
}

/** A window of a patch, in patch pixels. */
export interface Window {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One hand read from an image: for each of the 21 points its centre, or null when it is not reported. */
export type ReadHand = Array<Vec2 | null>;

/** A hand's 21 points in integer image pixels; null where a point is not drawn. */
export type HandPoints = ReadonlyArray<Vec2 | null>;

// ControlNet draws no hand point whose truncated x or y is 0 or less.
const drawn = (p: Vec2 | null | undefined): p is Vec2 => !!p && p.x >= 1 && p.y >= 1;

/** Pixels of a window of the patch (default: all of it) where drawing a hand with these points (integer image pixels) differs from what the patch wants (edge colours weigh EDGE_WEIGHT). */
export function handCost(patch: HandPatch, points: HandPoints, window: Window = { x: 0, y: 0, width: patch.width, height: patch.height }): number {
  const xs = Int32Array.from(points, (p) => (drawn(p) ? p.x : 0));
  const ys = Int32Array.from(points, (p) => (drawn(p) ? p.y : 0));
  return handCostAt(patch, xs, ys, window);
}

/**
 * As handCost, the points given as image x and y (a point with x or y below 1 is not drawn, as in
 * ControlNet); `wrongOut`, when given, receives each window pixel's weight where it is wrong, 0 where right.
 */
export function handCostAt(patch: HandPatch, xs: Int32Array, ys: Int32Array, window: Window, wrongOut?: Uint8Array): number {
  // cv2 clips a line where it leaves the image, which can move its pixels all along it: so the
  // hand is drawn on the whole patch (only what reaches the window), never on the window alone.
  const { width, height, words } = patch;
  for (let y = window.y; y < window.y + window.height; y++) words.fill(0, y * width + window.x, y * width + window.x + window.width);
  const [ox, oy] = [patch.x0, patch.y0];
  const canvas: HandCanvas = {
    raster: { width, height, data: patch.bytes },
    words,
    x0: window.x,
    y0: window.y,
    x1: window.x + window.width - 1,
    y1: window.y + window.height - 1,
  };
  const misses = (xa: number, ya: number, xb: number, yb: number) =>
    Math.max(xa, xb) + REACH < canvas.x0 ||
    Math.min(xa, xb) - REACH > canvas.x1 ||
    Math.max(ya, yb) + REACH < canvas.y0 ||
    Math.min(ya, yb) - REACH > canvas.y1;
  for (let k = 0; k < EDGE_FROM.length; k++) {
    const [a, b] = [EDGE_FROM[k] as number, EDGE_TO[k] as number];
    if ((xs[a] as number) < 1 || (ys[a] as number) < 1 || (xs[b] as number) < 1 || (ys[b] as number) < 1) continue;
    const pa = (xs[a] as number) - ox;
    const pb = (ys[a] as number) - oy;
    const qa = (xs[b] as number) - ox;
    const qb = (ys[b] as number) - oy;
    if (!misses(pa, pb, qa, qb)) drawBone(canvas, pa, pb, qa, qb, EDGE_WORDS[k] ?? 0, HAND_EDGE_COLOURS[k] as Rgb);
  }
  for (let i = 0; i < xs.length; i++) {
    if ((xs[i] as number) < 1 || (ys[i] as number) < 1) continue;
    const x = (xs[i] as number) - ox;
    const y = (ys[i] as number) - oy;
    if (!misses(x, y, x, y)) drawDot(canvas, x, y, DOT_WORD);
  }
  const { checked, expected } = patch;
  let cost = 0;
  for (let y = canvas.y0; y <= canvas.y1; y++) {
    const end = y * width + canvas.x1;
    if (wrongOut) {
      for (let i = y * width + canvas.x0; i <= end; i++) {
        const weight = checked[i] as number;
        const wrong = weight !== 0 && words[i] !== expected[i] ? weight : 0;
        wrongOut[i] = wrong;
        cost += wrong;
      }
      continue;
    }
    for (let i = y * width + canvas.x0; i <= end; i++) {
      const weight = checked[i] as number;
      if (weight !== 0 && words[i] !== expected[i]) cost += weight;
    }
  }
  return cost;
}
