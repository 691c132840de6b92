import { HAND_KEYPOINT_COUNT } from '../handTopology.js';
import type { Vec2 } from '../types.js';
import type { ImageFrame } from './handCandidates.js';
import { handCost, handPatch, type HandPatch, type ReadHand } from './handFit.js';

/** A hand read from a patch: the points it reports, those its drawing was judged by, and what is in doubt. */
export interface HandReading {
  /** The 21 points reported (null: hidden, unseen or in doubt). */
  points: ReadHand;
  /** The 21 points whose drawing best matches the patch (the reading before doubtful points were hidden). */
  drawn: ReadHand;
  /** Points hidden because another placing draws the patch as well with them elsewhere. */
  doubtful: number;
}

/** Reads a hand from its patch. */
export type HandReader = (patch: HandPatch) => HandReading | null;

// Wrists this close (a dot's diameter) hold hands lying on each other.
export const TOGETHER = 8;
const MIN_HAND_PIXELS = 30;
// Times two touching hands are read again, each over what the other does not explain.
const PAIR_ROUNDS = 2;

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

// A hand of two hangs from its own wrist: its wrist point, where read, lies nearer its own anchor than the other's.
const hangsFrom = (point: Vec2 | null | undefined, own: Vec2, other: Vec2): boolean =>
  !point || Math.hypot(point.x - own.x, point.y - own.y) < Math.hypot(point.x - other.x, point.y - other.y);

/**
 * Two hands touching (clapped, or held by two people) make one blob that no single hand draws
 * (`one`, read from `anchor`). Where another anchor lies near the blob and apart from the first,
 * the blob is parted between the two (nearer along the blob) and each part read as a hand (the
 * other's pixels it may cover); then each is read again over the blob less what the other's
 * drawing explains, while the two draw the blob better. The two are kept, each with its anchor,
 * when they get at most half as many of the blob's pixels wrong as the one hand did; their points
 * are all in doubt when the two still get more than `inexact` wrong (they have not found the hands:
 * dots piled on dots). The anchors near the blob are looked for only when the one hand does not
 * draw it exactly.
 */
export function handPair<A extends { at: Vec2 }>(
  packed: Int32Array,
  frame: ImageFrame,
  patch: HandPatch,
  blob: readonly number[],
  anchor: A,
  anchors: () => A[],
  one: ReadHand,
  read: HandReader,
  inexact: number,
): Array<{ hand: HandReading; anchor: A }> | null {
  const oneWrong = handCost(patch, one);
  if (oneWrong === 0) return null;
  const wrist = anchor.at;
  const second = anchors().find((w) => Math.hypot(w.at.x - wrist.x, w.at.y - wrist.y) > TOGETHER);
  if (!second) return null;
  const other = second.at;
  const fit = (part: readonly number[], k: number) => {
    const own = handPatch(packed, frame.width, frame.height, part, k === 0 ? wrist : other);
    return { own, reading: read(own) };
  };
  const cost = (pair: Array<{ reading: HandReading | null }>) => {
    const [a, b] = pair.map((f) => f.reading?.drawn);
    return a && b ? pairCost(patch, a, b) : Infinity;
  };
  const parts = partByWrists(blob, frame.width, [wrist, other]);
  if (parts.some((part) => part.length < MIN_HAND_PIXELS)) return null;
  let pair = parts.map(fit);
  let wrong = cost(pair);
  for (let round = 0; round < PAIR_ROUNDS; round++) {
    // Where a hand's drawing gives the image's own colour (over the other's pixels too).
    const explains = pair.map(({ own, reading }) => {
      if (reading) handCost(own, reading.drawn);
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
  if (wrong > oneWrong / 2 || !pair.every((f, k) => hangsFrom(f.reading?.drawn[0], k === 0 ? wrist : other, k === 0 ? other : wrist))) return null;
  const unsure = (hand: HandReading): HandReading => (wrong > inexact ? { ...hand, points: hand.drawn.map(() => null), doubtful: HAND_KEYPOINT_COUNT } : hand);
  return pair.flatMap((f, k) => (f.reading?.drawn.some((p) => p !== null) ? [{ hand: unsure(f.reading), anchor: k === 0 ? anchor : second }] : []));
}
