import { HAND_EDGE_COLOURS, HAND_EDGES, HAND_KEYPOINT_COUNT, HAND_POINT_COLOUR } from '../handTopology.js';
import type { Vec2 } from '../types.js';
import { handEvidence, type ImageFrame } from './handCandidates.js';
import { annealMore, coverHand, type Covered } from './handCover.js';
import { doubtfulPoints } from './handDoubt.js';
import { handCost, handPatch, type HandPatch, type ReadHand } from './handFit.js';
import { handPair, TOGETHER, type HandReading } from './handPair.js';
import { placeDiscs, statePoints, type Placing } from './handPlacing.js';
import { bonePrior, handFrame, shapeCosts, withPrior } from './handShape.js';
import { boneTables, solveTree } from './handTree.js';
import { components, packRgb } from './pixels.js';

export type { ReadHand } from './handFit.js';
export type { HandReading } from './handPair.js';

const EDGE_PACKED = HAND_EDGE_COLOURS.map(packRgb);
const DOT = packRgb(HAND_POINT_COLOUR);
const MIN_HAND_PIXELS = 30;
// A hand's wrist dot lies on its body's wrist dot, so the blob reaches the body wrist.
const WRIST_REACH = 8;
const COVERED_REACH = 20;
const CLEARLY_NEARER = 1.5;
const DOT_WIDTH = 9;
// Beyond this distance from its body's wrist, a hand's wrist pays a little per pixel.
const WRIST_SLACK = 8;
const WRIST_PULL = 0.05;
// A hand hanging from a read arm has its wrist's dot drawn over the arm's end: leaving the wrist
// out (and with it the shape of the five bones from it) costs as much as a few wrong pixels.
const WRIST_ABSENT = 5;
// Runs of annealing per hand in all (more while no placing draws the hand exactly), and how far above the cheapest side's cost the other side
// must come to be annealed on (a wrong bone pixel costs 3).
const ANNEAL_RUNS = 2;
const INEXACT_RUNS = 3;
const CONTENDING = 3;
// Share of its blob's pixels (weighted as handCost weighs them) a reading may get wrong and
// still have found its hand (a re-saved drawing's noise gets a few wrong).
const INEXACT_SHARE = 0.1;
// Two hands lying on each other: a pair that gets more than this share of the blob wrong has not
// found them. On random drawings, 4 pairs getting at most 0.4% wrong reported 60 of 63 points
// right, and 5 pairs getting 7.2 to 10.7% wrong, 55 of 90 (two hands whose dots overlap by 6 px:
// 10.3% wrong, 28 of 32 right).
const PAIR_INEXACT_SHARE = 0.05;
// A raw OpenPose hand's wrist may lie this far from its body's wrist (in pixels): how near a
// blob a second wrist is looked for when one hand does not draw the blob (handPair).
const PAIR_REACH = 40;
// A fragment of a hand cut off from the rest (a dot past the image's edge showing a few pixels,
// a bone's end beyond hidden dots) lies within this many pixels of its hand.
const FRAGMENT_REACH = 9;

/**
 * Reads one hand from its patch. The places where a dot fits are found (handCandidates.ts); the
 * tree of points is solved exactly over them for the bones' pixels (handTree.ts) with the mean
 * hand laid over the patch as a weak preference (handShape.ts), thumb on either side; then parts
 * are placed again until the drawing matches the patch, annealing where dots pile up
 * (handCover.ts). The cheaper side wins; its points that other placings draw as well elsewhere
 * are in doubt and not reported (handDoubt.ts).
 */
function fitHand(patch: HandPatch, frame: ImageFrame): HandReading | null {
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
    const start = solveTree(tables, placing.own);
    return { ...coverHand(placing, start, visited), placing, side, visited };
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
  const [best, rival] = fits.sort((a, b) => a.cost - b.cost);
  if (!best) return null;
  const drawn = shownPoints(patch, statePoints(best.placing, best.state));
  const doubtful = doubtfulPoints(best.placing, best.state, [...(rival ? [rival.state] : []), ...best.visited.map((v) => v.state)]);
  const points = drawn.map((p, i) => (doubtful.has(i) ? null : p));
  return { points, drawn, doubtful: drawn.filter((p, i) => p && doubtful.has(i)).length };
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

/** Where a hand may hang from: a point (a read wrist, or the end of a forearm's stroke) and whose it is. */
export interface HandAnchor {
  at: Vec2;
  person: number;
  side: 'leftHand' | 'rightHand';
}

/** A hand read, with the anchor it hangs from (null: no arm reaches its blob). */
export interface AnchoredHand {
  hand: HandReading;
  anchor: HandAnchor | null;
}

// The anchors within `reach` of the blob (any of its pixels), nearest first; or within
// COVERED_REACH where the way from the anchor to the blob is all drawn over (a later limb across
// the wrist hides where the arm meets the hand).
function anchorsNear(
  packed: Int32Array,
  width: number,
  blob: readonly Vec2[],
  anchors: readonly HandAnchor[],
  reach: number,
): Array<{ anchor: HandAnchor; d: number }> {
  const near: Array<{ anchor: HandAnchor; d: number }> = [];
  for (const anchor of anchors) {
    let [d, closest] = [Infinity, anchor.at];
    for (const p of blob) {
      const e = Math.hypot(p.x - anchor.at.x, p.y - anchor.at.y);
      if (e < d) [d, closest] = [e, p];
    }
    if (d <= reach || (d <= COVERED_REACH && coveredWay(packed, width, anchor.at, closest))) near.push({ anchor, d });
  }
  return near.sort((a, b) => a.d - b.d);
}

// The first of anchors sorted nearest first, when it is clearly nearer than the next.
function clearlyNearest(sorted: ReadonlyArray<{ anchor: HandAnchor; d: number }>): HandAnchor | null {
  const [first, second] = sorted;
  return first && (!second || second.d >= CLEARLY_NEARER * first.d + DOT_WIDTH) ? first.anchor : null;
}

// The anchor a blob with none beside it hangs from: a raw OpenPose hand's wrist may lie up to
// PAIR_REACH from its body's wrist. The nearest, when it is clearly nearer than any other and
// every arm read has an anchor (an arm not read might be the one the hand hangs from).
function looseAnchor(around: ReadonlyArray<{ anchor: HandAnchor; d: number }>, everyArm: boolean): HandAnchor | null {
  return everyArm ? clearlyNearest(around) : null;
}

// Of arms apart near one blob, the one the hand's wrist point lies clearly nearest; none when it
// is not read or not clearly nearer one (the hand is then a guess).
function wristAnchor(wrist: Vec2 | null | undefined, near: readonly HandAnchor[]): HandAnchor | null {
  if (!wrist) return null;
  return clearlyNearest(near.map((anchor) => ({ anchor, d: Math.hypot(anchor.at.x - wrist.x, anchor.at.y - wrist.y) })).sort((a, b) => a.d - b.d));
}

// Whether every pixel on the straight way from a to b is drawn (not black).
function coveredWay(packed: Int32Array, width: number, a: Vec2, b: Vec2): boolean {
  const steps = Math.ceil(Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y)));
  for (let s = 0; s <= steps; s++) {
    const t = steps === 0 ? 0 : s / steps;
    if ((packed[Math.round(a.y + (b.y - a.y) * t) * width + Math.round(a.x + (b.x - a.x) * t)] ?? 0) === 0) return false;
  }
  return true;
}

// What getting every pixel of the patch's blob wrong would cost.
function blobWeight(patch: HandPatch): number {
  let sum = 0;
  for (let i = 0; i < patch.want.length; i++) if ((patch.want[i] ?? 0) > 0) sum += patch.checked[i] ?? 0;
  return sum;
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
  const nearest = (f: Blob, h: Blob) =>
    Math.min(...f.pixels.flatMap((i) => h.pixels.map((j) => Math.hypot((i % width) - (j % width), Math.floor(i / width) - Math.floor(j / width)))));
  const joined = hands.map((h) => [...h.pixels]);
  for (const fragment of blobs.filter((b) => b.pixels.length < MIN_HAND_PIXELS)) {
    const near = hands.map((h, n) => ({ n, d: gap(fragment, h) <= FRAGMENT_REACH ? nearest(fragment, h) : Infinity })).sort((a, b) => a.d - b.d)[0];
    if (near && near.d <= FRAGMENT_REACH) joined[near.n]?.push(...fragment.pixels);
  }
  return joined;
}

/**
 * Reads the hands of an OpenPose drawing: each connected patch of hand-edge colours and blue
 * dots (with fragments cut off near it) is one hand, read by drawing it (fitHand), and hangs from
 * the anchor nearest it. `excluded` marks pixels already read as body joints; `anchors` are where
 * the `people` bodies' hands may hang from; `onProgress` hears before each hand how many are read
 * of how many found.
 */
export function readHands(
  packed: Int32Array,
  width: number,
  height: number,
  excluded: (index: number) => boolean,
  anchors: readonly HandAnchor[],
  people: number,
  onProgress?: (read: number, found: number) => void,
): AnchoredHand[] {
  const edgeOf = new Set(EDGE_PACKED);
  const member = (i: number) => !excluded(i) && (packed[i] === DOT || edgeOf.has(packed[i] ?? -1));
  const hands: AnchoredHand[] = [];
  const frame = { width, height };
  const blobs = handBlobs(width, components(width, height, member));
  for (const [n, blob] of blobs.entries()) {
    onProgress?.(n, blobs.length);
    const pixels = blob.map((i) => ({ x: i % width, y: Math.floor(i / width) }));
    const near = anchorsNear(packed, width, pixels, anchors, WRIST_REACH).map((a) => a.anchor);
    const first = near[0];
    // Two wrists as close as a dot's width hold two hands lying on each other, which the drawing
    // cannot part. An arm apart from them near the blob too: which arm it hangs from is told by
    // the hand's own wrist, so it is read without one.
    const together = near.filter((w) => first && Math.hypot(w.at.x - first.at.x, w.at.y - first.at.y) <= TOGETHER);
    const apart = near.length > together.length;
    const patch = handPatch(packed, width, height, blob, apart ? null : (first?.at ?? null));
    const hand = fitHand(patch, frame);
    const around = () => anchorsNear(packed, width, pixels, anchors, PAIR_REACH);
    const pair =
      first && hand
        ? handPair(
            packed,
            frame,
            patch,
            blob,
            first,
            () => around().map((a) => a.anchor),
            hand.drawn,
            (own) => fitHand(own, frame),
            PAIR_INEXACT_SHARE * blobWeight(patch),
          )
        : null;
    if (pair) {
      hands.push(...pair);
      continue;
    }
    if (!hand?.drawn.some((p) => p !== null)) continue;
    // A reading whose drawing gets a good part of its blob wrong has not found the hand: none of
    // its points is sure.
    if (handCost(patch, hand.drawn) > INEXACT_SHARE * blobWeight(patch)) hand.points = hand.drawn.map(() => null);
    hand.doubtful = hand.drawn.filter((p, i) => p && !hand.points[i]).length;
    if (apart) hands.push({ hand, anchor: wristAnchor(hand.drawn[0], near) });
    else if (together.length === 0) hands.push({ hand, anchor: looseAnchor(around(), anchors.length === 2 * people) });
    // A blob over two wrists as close as a dot's width (one person's, or two people's whose forearms'
    // strokes end at the same place): where one hand draws it, whose hand it is the drawing does
    // not tell (one hand, or two lying exactly on each other), so it is hidden on both and named;
    // where none does, the reading has not found the hands (above).
    const oneHand = together.length > 1 && handCost(patch, hand.drawn) <= INEXACT_SHARE * blobWeight(patch);
    const shared = oneHand ? { ...hand, points: hand.drawn.map(() => null), doubtful: HAND_KEYPOINT_COUNT } : hand;
    for (const anchor of apart ? [] : together) hands.push({ hand: { ...shared, points: [...shared.points] }, anchor });
  }
  return hands;
}
