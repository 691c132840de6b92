import { HAND_EDGE_COLOURS, HAND_EDGES, HAND_KEYPOINT_COUNT, HAND_POINT_COLOUR } from '../handTopology.js';
import type { Vec2 } from '../types.js';
import { handEvidence, type ImageFrame } from './handCandidates.js';
import { centralPlacing } from './handCentral.js';
import { annealMore, coverHand, type Covered } from './handCover.js';
import { handCost, handPatch, type HandPatch } from './handFit.js';
import { placeDiscs, statePoints, type Placing } from './handPlacing.js';
import { bonePrior, handFrame, shapeCosts, withPrior } from './handShape.js';
import { boneTables, solveTree } from './handTree.js';
import { components, packRgb } from './pixels.js';

/** One hand read from an image: for each of the 21 points its centre, or null when it cannot be told. */
export type ReadHand = Array<Vec2 | null>;

const EDGE_PACKED = HAND_EDGE_COLOURS.map(packRgb);
const DOT = packRgb(HAND_POINT_COLOUR);
const MIN_HAND_PIXELS = 30;
// A hand's wrist dot lies on its body's wrist dot, so the blob reaches the body wrist.
const WRIST_REACH = 8;
// Beyond this distance from its body's wrist, a hand's wrist pays a little per pixel.
const WRIST_SLACK = 8;
const WRIST_PULL = 0.05;
// A hand hanging from a read arm has its wrist's dot drawn over the arm's end: leaving the wrist
// out (and with it the shape of the five bones from it) costs as much as a few wrong pixels.
const WRIST_ABSENT = 5;
// Wrists this close (a dot's diameter) hold hands lying on each other.
const TOGETHER = 8;
// Runs of annealing per hand in all (more while no placing draws the hand exactly), and how far above the cheapest side's cost the other side
// must come to be annealed on (a wrong bone pixel costs 3).
const ANNEAL_RUNS = 2;
const INEXACT_RUNS = 3;
const CONTENDING = 3;
// A raw OpenPose hand's wrist may lie this far from its body's wrist (in pixels): how near a
// blob a second wrist is looked for when one hand does not draw the blob (handPair).
const PAIR_REACH = 40;
// Times two touching hands are read again, each over what the other does not explain.
const PAIR_ROUNDS = 2;
// A fragment of a hand cut off from the rest (a dot past the image's edge showing a few pixels,
// a bone's end beyond hidden dots) lies within this many pixels of its hand.
const FRAGMENT_REACH = 9;

/**
 * Reads one hand from its patch. The places where a dot fits are found (handCandidates.ts); the
 * tree of points is solved exactly over them for the bones' pixels (handTree.ts) with the mean
 * hand laid over the patch as a weak preference (handShape.ts), thumb on either side; then parts
 * are placed again until the drawing matches the patch (handCover.ts). The cheaper side wins,
 * and of the placings met near its cost the one the others agree with most (handCentral.ts).
 */
function fitHand(patch: HandPatch, frame: ImageFrame): ReadHand | null {
  const evidence = handEvidence(patch, frame);
  const { centres } = evidence;
  if (centres.length === 0) return null;
  const scene = { patch, evidence };
  const tables = boneTables(scene);
  const discs = placeDiscs(scene);
  const wristAt = patch.wrist ? { x: patch.wrist.x - patch.x0, y: patch.wrist.y - patch.y0 } : null;
  const pull = (c: number) => {
    const p = centres[c];
    return wristAt && p ? WRIST_PULL * Math.max(0, Math.hypot(p.x - wristAt.x, p.y - wristAt.y) - WRIST_SLACK) : 0;
  };
  const wrist = wristAt ?? centres[solveTree(tables, shapeCosts(centres, null, 1, pull))[0] ?? -1] ?? null;
  const laid = wrist ? handFrame(evidence, patch.width, wrist) : null;
  const fits = ([1, -1] as const).map((side) => {
    const bone = bonePrior(laid, side);
    const own = shapeCosts(centres, laid, side, pull);
    if (wristAt) (own[0] as Float64Array)[centres.length] = WRIST_ABSENT;
    const placing: Placing = { s: scene, tables: withPrior(tables, centres, bone), discs, own, bone };
    const visited: Covered[] = [];
    return { ...coverHand(placing, solveTree(tables, placing.own), visited), placing, side, visited };
  });
  // Annealing runs on where it may still change the answer: on each side whose placing is
  // within reach of the cheapest, and not yet settled without it; once more while neither side
  // draws the hand exactly.
  for (let run = 1; run < INEXACT_RUNS; run++) {
    if (run >= ANNEAL_RUNS && fits.some((f) => handCost(patch, statePoints(f.placing, f.state)) === 0)) break;
    const cheapest = Math.min(...fits.map((f) => f.cost));
    fits.forEach((f, i) => {
      if (!f.settled && f.cost <= cheapest + CONTENDING) fits[i] = { ...f, ...annealMore(f.placing, f, run, f.visited) };
    });
  }
  const best = fits.sort((a, b) => a.cost - b.cost)[0];
  return best ? shownPoints(patch, statePoints(best.placing, centralPlacing(best.placing, best, best.visited))) : null;
}

// Each point's neighbours along its finger: toward the wrist, and toward the tip (-1 for a tip).
const PARENT = Array.from({ length: HAND_KEYPOINT_COUNT }, (_, i) => HAND_EDGES.find(([, b]) => b === i)?.[0] ?? -1);
const CHILD = Array.from({ length: HAND_KEYPOINT_COUNT }, (_, i) => HAND_EDGES.find(([a]) => a === i && i > 0)?.[1] ?? -1);

// A point is read only where the drawing shows it: one whose removal (its dot and bones) leaves
// the hand's drawing as it is lies wholly under the rest and is left out, tips first. A finger's
// joint between two points kept is kept too: its bones join them where the reading put it (the
// drawing is the same either way), and leaving it out would break the finger in two.
function shownPoints(patch: HandPatch, points: ReadHand): ReadHand {
  const shown = [...points];
  let cost = handCost(patch, shown);
  for (let i = shown.length - 1; i >= 0; i--) {
    if (!shown[i]) continue;
    if (shown[PARENT[i] ?? -1] && shown[CHILD[i] ?? -1]) continue;
    const without = shown.map((p, j) => (j === i ? null : p));
    const after = handCost(patch, without);
    if (after <= cost) [shown[i], cost] = [null, after];
  }
  return shown;
}

// The wrists within `reach` of the blob (any of its pixels), nearest first.
function wristsNear(blob: readonly Vec2[], wrists: readonly Vec2[], reach: number): Vec2[] {
  const near: Array<{ wrist: Vec2; d: number }> = [];
  for (const wrist of wrists) {
    let d = Infinity;
    for (const p of blob) d = Math.min(d, Math.hypot(p.x - wrist.x, p.y - wrist.y));
    if (d <= reach) near.push({ wrist, d });
  }
  return near.sort((a, b) => a.d - b.d).map((n) => n.wrist);
}

// The blob's pixels parted between two wrists: each goes to the wrist nearer along the blob
// (a pixel the walk does not reach, to the nearer as the crow flies).
function partByWrists(blob: readonly number[], width: number, wrists: readonly [Vec2, Vec2]): [number[], number[]] {
  const owner = new Map<number, number>(blob.map((i) => [i, -1]));
  const at = (i: number, w: Vec2) => Math.hypot((i % width) - w.x, Math.floor(i / width) - w.y);
  const queue: number[] = [];
  wrists.forEach((w, k) => {
    let [start, best] = [-1, Infinity];
    for (const i of blob) if (owner.get(i) === -1 && at(i, w) < best) [start, best] = [i, at(i, w)];
    if (start < 0) return;
    owner.set(start, k);
    queue.push(start);
  });
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head] as number;
    const [x, y] = [i % width, Math.floor(i / width)];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const n = (y + dy) * width + x + dx;
        if (x + dx < 0 || x + dx >= width || owner.get(n) !== -1) continue;
        owner.set(n, owner.get(i) as number);
        queue.push(n);
      }
    }
  }
  const parts: [number[], number[]] = [[], []];
  for (const i of blob) {
    const k = owner.get(i) ?? -1;
    parts[k >= 0 ? k : at(i, wrists[0]) <= at(i, wrists[1]) ? 0 : 1].push(i);
  }
  return parts;
}

// Pixels of the blob's patch that two hands drawn one after the other (either first) get wrong,
// weighted as handCost weighs them.
function pairCost(patch: HandPatch, a: ReadHand, b: ReadHand): number {
  const drawn = [a, b].map((hand) => {
    handCost(patch, hand);
    return Uint32Array.from(patch.words);
  });
  const { checked, expected } = patch;
  const [first, second] = drawn as [Uint32Array, Uint32Array];
  let [aFirst, bFirst] = [0, 0];
  for (let i = 0; i < checked.length; i++) {
    const weight = checked[i] as number;
    if (weight === 0) continue;
    if (((second[i] as number) || (first[i] as number)) !== expected[i]) aFirst += weight;
    if (((first[i] as number) || (second[i] as number)) !== expected[i]) bFirst += weight;
  }
  return Math.min(aFirst, bFirst);
}

// Two hands touching (clapped, or held by two people) make one blob that no single hand draws.
// Where another wrist lies near the blob and apart from the first, the blob is parted between
// the two (nearer along the blob) and each part read as a hand (the other's pixels it may cover);
// then each is read again over the blob less what the other's drawing explains, while the two
// draw the blob better. The two are kept when they get at most half as many of the blob's pixels
// wrong as the one hand did. The wrists near the blob (`wrists`) are looked for only when the one
// hand does not draw it exactly.
function handPair(packed: Int32Array, frame: ImageFrame, patch: HandPatch, blob: readonly number[], wrist: Vec2, wrists: () => Vec2[], one: ReadHand): ReadHand[] | null {
  const oneWrong = handCost(patch, one);
  if (oneWrong === 0) return null;
  const other = wrists().find((w) => Math.hypot(w.x - wrist.x, w.y - wrist.y) > TOGETHER);
  if (!other) return null;
  const fit = (part: readonly number[], k: number) => {
    const own = handPatch(packed, frame.width, frame.height, part, k === 0 ? wrist : other);
    return { own, hand: fitHand(own, frame) };
  };
  const cost = (pair: Array<{ hand: ReadHand | null }>) => {
    const [a, b] = pair.map((f) => f.hand);
    return a && b ? pairCost(patch, a, b) : Infinity;
  };
  const parts = partByWrists(blob, frame.width, [wrist, other]);
  if (parts.some((part) => part.length < MIN_HAND_PIXELS)) return null;
  let pair = parts.map(fit);
  let wrong = cost(pair);
  for (let round = 0; round < PAIR_ROUNDS; round++) {
    // Where a hand's drawing gives the image's own colour (over the other's pixels too).
    const explains = pair.map(({ own, hand }) => {
      if (hand) handCost(own, hand);
      const bytes = Uint8ClampedArray.from(own.bytes);
      return (i: number) => {
        const [x, y] = [(i % frame.width) - own.x0, Math.floor(i / frame.width) - own.y0];
        if (x < 0 || y < 0 || x >= own.width || y >= own.height) return false;
        const o = (y * own.width + x) * 4;
        const colour = ((bytes[o] ?? 0) << 16) | ((bytes[o + 1] ?? 0) << 8) | (bytes[o + 2] ?? 0);
        return colour !== 0 && colour === packed[i];
      };
    });
    const again = [0, 1].map((k) => blob.filter((i) => !explains[1 - k]?.(i) || !!explains[k]?.(i)));
    if (again.some((part) => part.length < MIN_HAND_PIXELS)) break;
    const next = again.map(fit);
    const nextWrong = cost(next);
    if (nextWrong >= wrong) break;
    [pair, wrong] = [next, nextWrong];
  }
  return wrong <= oneWrong / 2 ? pair.map((f) => f.hand).filter((h): h is ReadHand => !!h?.some((p) => p !== null)) : null;
}

interface Blob {
  pixels: number[];
  box: [number, number, number, number];
}

// The connected patches of hand colours big enough to be a hand, each with the small fragments
// near it (a fragment goes to the nearest such patch).
function handBlobs(width: number, parts: number[][]): number[][] {
  const blobs: Blob[] = parts.map((pixels) => {
    const xs = pixels.map((i) => i % width);
    const ys = pixels.map((i) => Math.floor(i / width));
    return { pixels, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
  });
  const hands = blobs.filter((b) => b.pixels.length >= MIN_HAND_PIXELS);
  const gap = (a: Blob, b: Blob) => Math.max(a.box[0] - b.box[2], b.box[0] - a.box[2], a.box[1] - b.box[3], b.box[1] - a.box[3]);
  const nearest = (f: Blob, h: Blob) => Math.min(...f.pixels.flatMap((i) => h.pixels.map((j) => Math.hypot((i % width) - (j % width), Math.floor(i / width) - Math.floor(j / width)))));
  const joined = hands.map((h) => [...h.pixels]);
  for (const fragment of blobs.filter((b) => b.pixels.length < MIN_HAND_PIXELS)) {
    const near = hands.map((h, n) => ({ n, d: gap(fragment, h) <= FRAGMENT_REACH ? nearest(fragment, h) : Infinity })).sort((a, b) => a.d - b.d)[0];
    if (near && near.d <= FRAGMENT_REACH) joined[near.n]?.push(...fragment.pixels);
  }
  return joined;
}

/**
 * Reads the hands of an OpenPose drawing: each connected patch of hand-edge colours and blue
 * dots (with fragments cut off near it) is one hand, read by drawing it (fitHand). `excluded`
 * marks pixels already read as body joints; `wrists` are the bodies' wrist points; `onProgress`
 * hears before each hand how many are read of how many found.
 */
export function readHands(packed: Int32Array, width: number, height: number, excluded: (index: number) => boolean, wrists: readonly Vec2[], onProgress?: (read: number, found: number) => void): ReadHand[] {
  const edgeOf = new Set(EDGE_PACKED);
  const member = (i: number) => !excluded(i) && (packed[i] === DOT || edgeOf.has(packed[i] ?? -1));
  const hands: ReadHand[] = [];
  const frame = { width, height };
  const blobs = handBlobs(width, components(width, height, member));
  for (const [n, blob] of blobs.entries()) {
    onProgress?.(n, blobs.length);
    const pixels = blob.map((i) => ({ x: i % width, y: Math.floor(i / width) }));
    const near = wristsNear(pixels, wrists, WRIST_REACH);
    const patch = handPatch(packed, width, height, blob, near[0] ?? null);
    const hand = fitHand(patch, frame);
    const pair = near[0] && hand ? handPair(packed, frame, patch, blob, near[0], () => wristsNear(pixels, wrists, PAIR_REACH), hand) : null;
    if (pair) {
      hands.push(...pair);
      continue;
    }
    if (!hand?.some((p) => p !== null)) continue;
    // Two wrists as close as a dot's width hold two hands lying on each other, which the drawing
    // cannot part: each is given the one reading.
    const together = near.filter((w) => near[0] && Math.hypot(w.x - near[0].x, w.y - near[0].y) <= TOGETHER);
    for (let k = 0; k < Math.max(1, together.length); k++) hands.push(k === 0 ? hand : [...hand]);
  }
  return hands;
}
