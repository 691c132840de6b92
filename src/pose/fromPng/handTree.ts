import { HAND_EDGES, HAND_KEYPOINT_COUNT } from '../handTopology.js';
import type { Vec2 } from '../types.js';
import type { HandEvidence } from './handCandidates.js';
import { EDGE_WEIGHT, NOTHING, type HandPatch } from './handFit.js';

// The hand is a tree (wrist, five fingers of four points), and each bone is drawn in its own hue
// between its two points: so the best place for every point, given what each place is worth on
// its own and what each bone costs between two places, is found exactly by dynamic programming
// over the tree. Each point takes one of the places a dot fits, or none. A bone's cost: its
// colour's pixels it leaves unexplained, and pixels along it it may not cover (black, the body,
// or a bone drawn before it).

// A bone of width 2 covers pixels up to about this far (squared) from its axis.
const BONE_REACH2 = 1.5 * 1.5;
/** A point left out costs a little: where nothing else tells, a drawn point is likelier. */
export const ABSENT_COST = 1;
/** Cost per pixel of bone: among equally good places, shorter bones (a finger bends no more than it must). */
export const LENGTH_COST = 0.01;

/** A hand patch and its evidence, in patch pixels. */
export interface TreeScene {
  patch: HandPatch;
  evidence: HandEvidence;
}

/** Cost of bone k drawn from p to q (patch pixels): its colour's pixels it leaves unexplained, pixels along it it may not cover. */
export function boneCost(s: TreeScene, k: number, p: Vec2, q: Vec2): number {
  const own = s.evidence.edgePixels[k] ?? new Int16Array(0);
  const [dx, dy] = [q.x - p.x, q.y - p.y];
  const l2 = dx * dx + dy * dy;
  let cost = LENGTH_COST * Math.sqrt(l2);
  for (let i = 0; i < own.length; i += 2) {
    const [x, y] = [(own[i] ?? 0) - p.x, (own[i + 1] ?? 0) - p.y];
    const t = l2 === 0 ? 0 : Math.min(1, Math.max(0, (x * dx + y * dy) / l2));
    if ((x - t * dx) ** 2 + (y - t * dy) ** 2 > BONE_REACH2) cost += EDGE_WEIGHT;
  }
  const steps = Math.max(Math.abs(dx), Math.abs(dy));
  const { want, width } = s.patch;
  for (let n = 0; n <= steps; n++) {
    const x = Math.round(p.x + (steps === 0 ? 0 : (dx * n) / steps));
    const y = Math.round(p.y + (steps === 0 ? 0 : (dy * n) / steps));
    // Past the patch is past the image: nothing there to get wrong.
    if (x >= width || y >= s.patch.height) continue;
    const i = y * width + x;
    const rank = s.evidence.edgeAt[i] ?? -1;
    if (want[i] === NOTHING) cost += 1;
    else if (rank >= 0 && rank < k) cost += EDGE_WEIGHT;
  }
  return cost;
}

/** What the tree is solved over: every bone's cost between any two places, and what leaving it undrawn costs. */
export interface BoneTables {
  /** Number of places (the evidence's centres). */
  n: number;
  /** Per bone, n x n costs: row = place of the bone's first point, column = place of its second. */
  costs: Float32Array[];
  /** Per bone, the cost of not drawing it: all of its colour's pixels unexplained. */
  undrawn: number[];
}

/** Computes every bone's cost between every two places a dot fits. */
export function boneTables(s: TreeScene): BoneTables {
  const { centres, edgePixels } = s.evidence;
  const n = centres.length;
  const costs = HAND_EDGES.map((_, k) => {
    const table = new Float32Array(n * n);
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) table[a * n + b] = boneCost(s, k, centres[a] as Vec2, centres[b] as Vec2);
    return table;
  });
  return { n, costs, undrawn: edgePixels.map((l) => EDGE_WEIGHT * (l.length / 2)) };
}

// Passes the cost below a point (per state: the n places, then absent) up bone k: for each state
// of the parent, the cheapest state of the child, and its cost.
function passUp(t: BoneTables, k: number, below: Float64Array, choice: Int32Array): Float64Array {
  const { n } = t;
  const table = t.costs[k] as Float32Array;
  const undrawn = t.undrawn[k] ?? 0;
  const cost = new Float64Array(n + 1);
  // The parent absent: the bone is not drawn and the child goes where it is cheapest.
  let free = n;
  for (let b = 0; b < n; b++) if ((below[b] as number) < (below[free] as number)) free = b;
  cost[n] = undrawn + (below[free] as number);
  choice[n] = free;
  for (let a = 0; a < n; a++) {
    let [best, arg] = [undrawn + (below[n] as number), n];
    for (let b = 0, row = a * n; b < n; b++) {
      const c = (below[b] as number) + (table[row + b] as number);
      if (c < best) [best, arg] = [c, b];
    }
    cost[a] = best;
    choice[a] = arg;
  }
  return cost;
}

/**
 * Solves the tree: the state of every point (a place index, or n for absent) minimising the
 * bones' costs plus each point's own cost per state (`own[i]`, n + 1 values).
 */
export function solveTree(t: BoneTables, own: ReadonlyArray<Float64Array>): Int32Array {
  const { n } = t;
  const below = own.map((o) => Float64Array.from(o));
  const choices = HAND_EDGES.map(() => new Int32Array(n + 1));
  // Bones from the tips in: edges are ordered palm to tip, so each child is complete first.
  for (let k = HAND_EDGES.length - 1; k >= 0; k--) {
    const [a, b] = HAND_EDGES[k] as readonly [number, number];
    const up = passUp(t, k, below[b] as Float64Array, choices[k] as Int32Array);
    const into = below[a] as Float64Array;
    for (let i = 0; i <= n; i++) into[i] = (into[i] as number) + (up[i] as number);
  }
  const root = below[0] as Float64Array;
  let rootState = n;
  for (let i = 0; i < n; i++) if ((root[i] as number) < (root[rootState] as number)) rootState = i;
  const state = new Int32Array(HAND_KEYPOINT_COUNT);
  state[0] = rootState;
  HAND_EDGES.forEach(([a, b], k) => {
    state[b] = choices[k]?.[state[a] ?? n] ?? n;
  });
  return state;
}
