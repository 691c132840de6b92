import { HAND_EDGES, HAND_KEYPOINT_COUNT } from '../handTopology.js';
import { handCost } from './handFit.js';
import { placingCost, statePoints, trialCost, type Placing } from './handPlacing.js';
import { annealHand } from './handAnneal.js';
import { discOffsets } from './pixels.js';

// Every blue pixel of a hand is some dot's, which the tree (handTree.ts) cannot weigh: it is one
// condition over all points at once. So from the tree's placing, parts are placed again with the
// rest held, each place earning the blue its dot would explain that no other dot does: a finger
// exactly over its chain (two neighbouring dots count the blue they share once), then each
// single point (the wrist over its five bones), and neighbouring points of a finger trading
// places. A move is kept when the placing's cost (handPlacing.ts: drawing it) falls. Where dots
// pile up, that stalls in placings that draw the patch as well as the right one but give points
// to the wrong fingers: annealing (handAnneal.ts) walks on from there.

const DISC = discOffsets(4);
const IN_DISC = new Uint8Array(81);
for (const o of DISC) IN_DISC[(o.y + 4) * 9 + o.x + 4] = 1;
const inDisc = (dx: number, dy: number) => Math.abs(dx) <= 4 && Math.abs(dy) <= 4 && IN_DISC[(dy + 4) * 9 + dx + 4] === 1;
const FINGERS = [0, 1, 2, 3, 4];
// Neighbouring points of a finger whose dots overlap read the same either way round but for
// their bones' ends: trading their places is one move.
const SWAPS = FINGERS.flatMap((f) =>
  [
    [0, 1],
    [1, 2],
    [2, 3],
    [0, 2],
    [1, 3],
  ].map(([a, b]) => [4 * f + 1 + (a ?? 0), 4 * f + 1 + (b ?? 0)] as const),
);
const MAX_ROUNDS = 8;
// Where less of the blue than this lies under two dots or more, and the drawing is exact, the
// dots are apart enough to tell which point each is: no annealing.
const PILED = 0.1;
// Below this many wrong pixels the drawing is exact (the rest of the cost is weak preferences).
const EXACT = 1;

// The bones at point i: [edge, other point, whether i is the bone's first point].
const BONES_AT: Array<Array<[number, number, boolean]>> = Array.from({ length: HAND_KEYPOINT_COUNT }, (_, i) =>
  HAND_EDGES.flatMap(([a, b], k): Array<[number, number, boolean]> => (a === i ? [[k, b, true]] : b === i ? [[k, a, false]] : [])),
);

// Blue pixels no dot covers but those of the points in `own`.
function openBlue(p: Placing, state: Int32Array, own: ReadonlySet<number>): Uint8Array {
  const open = Uint8Array.from(p.s.evidence.blue);
  state.forEach((c, i) => {
    if (!own.has(i)) for (const px of p.discs[c] ?? []) open[px] = 0;
  });
  return open;
}

// What point i costs at each state on its own, less the open blue its dot would explain there.
function earnings(p: Placing, open: Uint8Array, i: number): Float64Array {
  const own = p.own[i] as Float64Array;
  return Float64Array.from(own, (v, c) => {
    let sum = v;
    for (const px of p.discs[c] ?? []) sum -= open[px] as number;
    return sum;
  });
}

// Open blue under both a dot at place a and one at place b.
function shared(p: Placing, open: Uint8Array, a: number, b: number): number {
  const [pa, pb] = [p.s.evidence.centres[a], p.s.evidence.centres[b]];
  if (!pa || !pb || Math.abs(pa.x - pb.x) > 8 || Math.abs(pa.y - pb.y) > 8) return 0;
  const w = p.s.patch.width;
  let n = 0;
  for (const px of p.discs[b] ?? []) if (open[px] === 1 && inDisc((px % w) - pa.x, Math.floor(px / w) - pa.y)) n++;
  return n;
}

// Finger f placed again exactly over its chain (states of its four points), the rest held.
function placeFinger(p: Placing, state: Int32Array, f: number): Int32Array {
  const { n, costs, undrawn } = p.tables;
  const open = openBlue(p, state, new Set([1, 2, 3, 4].map((j) => 4 * f + j)));
  const worth = [1, 2, 3, 4].map((j) => earnings(p, open, 4 * f + j));
  const earns = Array.from({ length: n }, (_, c) => p.discs[c]?.some((px) => open[px] === 1) ?? false);
  let below = Float64Array.from(worth[3] as Float64Array);
  const choices: Int32Array[] = [];
  for (let j = 3; j >= 1; j--) {
    const k = 4 * f + j;
    const table = costs[k] as Float32Array;
    const [cost, choice] = [new Float64Array(n + 1), new Int32Array(n + 1)];
    let free = n;
    for (let b = 0; b < n; b++) if ((below[b] as number) < (below[free] as number)) free = b;
    [cost[n], choice[n]] = [(undrawn[k] ?? 0) + (below[free] as number), free];
    for (let a = 0; a < n; a++) {
      let [best, arg] = [(undrawn[k] ?? 0) + (below[n] as number), n];
      for (let b = 0; b < n; b++) {
        let c = (below[b] as number) + (table[a * n + b] as number);
        if (c < best && earns[a] && earns[b]) c += shared(p, open, a, b);
        if (c < best) [best, arg] = [c, b];
      }
      [cost[a], choice[a]] = [best, arg];
    }
    choices[j] = choice;
    below = (worth[j - 1] as Float64Array).map((v, i) => v + (cost[i] as number));
  }
  const wrist = state[0] ?? n;
  const root = costs[4 * f] as Float32Array;
  let [first, best] = [n, (undrawn[4 * f] ?? 0) + (below[n] as number)];
  for (let b = 0; b < n; b++) {
    const c = (below[b] as number) + (wrist < n ? (root[wrist * n + b] as number) : (undrawn[4 * f] ?? 0));
    if (c < best) [first, best] = [b, c];
  }
  const next = Int32Array.from(state);
  next[4 * f + 1] = first;
  for (let j = 1; j <= 3; j++) next[4 * f + j + 1] = choices[j]?.[next[4 * f + j] ?? n] ?? n;
  return next;
}

// Point i placed again with every other point held: its bones by the tables, its dot by the blue
// no other dot covers (exact, given the others).
function movePoint(p: Placing, state: Int32Array, i: number): Int32Array {
  const { n, costs, undrawn } = p.tables;
  const worth = earnings(p, openBlue(p, state, new Set([i])), i);
  let [best, arg] = [Infinity, n];
  for (let c = 0; c <= n; c++) {
    let total = worth[c] as number;
    for (const [k, other, first] of BONES_AT[i] ?? []) {
      const o = state[other] ?? n;
      total += c === n || o === n ? (undrawn[k] ?? 0) : ((costs[k] as Float32Array)[first ? c * n + o : o * n + c] as number);
    }
    if (total < best) [best, arg] = [total, c];
  }
  const next = Int32Array.from(state);
  next[i] = arg;
  return next;
}

function swap(state: Int32Array, i: number, j: number): Int32Array {
  const next = Int32Array.from(state);
  [next[i], next[j]] = [state[j] ?? 0, state[i] ?? 0];
  return next;
}

/** From a placing, fingers (each then settled point by point), single points and swapped neighbours placed again in turn while the placing's cost falls. */
export function descend(p: Placing, start: Int32Array): { state: Int32Array; cost: number } {
  let [state, cost] = [start, placingCost(p, start)];
  const settle = (s: Int32Array, f: number) => [1, 2, 3, 4, 1, 2, 3, 4].reduce((t, j) => movePoint(p, t, 4 * f + j), s);
  const moves = [
    ...FINGERS.map((f) => (s: Int32Array) => settle(placeFinger(p, s, f), f)),
    ...Array.from({ length: HAND_KEYPOINT_COUNT }, (_, i) => (s: Int32Array) => movePoint(p, s, i)),
    ...SWAPS.map(
      ([i, j]) =>
        (s: Int32Array) =>
          swap(s, i, j),
    ),
  ];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let improved = false;
    for (const move of moves) {
      const trial = move(state);
      const next = trialCost(p, state, cost, trial);
      if (next < cost - 1e-9) [state, cost, improved] = [trial, next, true];
    }
    if (!improved) break;
  }
  // The cost summed from changes carries rounding: the placing's own cost is returned.
  return { state, cost: placingCost(p, state) };
}

// Share of the blue covered by two dots or more: where dots pile up, the drawing tells little
// of which point is which and annealing is worth its time.
function piled(p: Placing, state: Int32Array): number {
  const count = new Uint8Array(p.s.evidence.blue.length);
  for (const c of state) for (const px of p.discs[c] ?? []) count[px] = Math.min(2, (count[px] as number) + 1);
  let [blue, twice] = [0, 0];
  p.s.evidence.blue.forEach((b, px) => {
    if (b !== 1) return;
    blue++;
    if (count[px] === 2) twice++;
  });
  return twice / Math.max(blue, 1);
}

/** A placing found for a hand, with what it costs. */
export interface Covered {
  state: Int32Array;
  cost: number;
}

/**
 * From the tree's placing, the hand's cheapest placing found: parts placed again until nothing
 * improves; then, where dots pile up or the drawing is not yet exact, one run of annealing from
 * there (`annealMore` runs more), whose placings met are kept in `visited`.
 */
export function coverHand(p: Placing, start: Int32Array, visited: Covered[]): Covered & { settled: boolean } {
  const best = descend(p, start);
  const exact = handCost(p.s.patch, statePoints(p, best.state)) < EXACT;
  if (exact && piled(p, best.state) < PILED) return { ...best, settled: true };
  return { ...annealMore(p, best, 0, visited), settled: false };
}

/** Run `run` of annealing from a hand's placing (a fixed seed per run), kept where it costs less; placings it passes are added to `visited`. */
export function annealMore(p: Placing, best: Covered, run: number, visited: Covered[]): Covered {
  const annealed = annealHand(p, best, 0x5eed + run, visited);
  return annealed.cost < best.cost ? descend(p, annealed.state) : best;
}
