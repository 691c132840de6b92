import { HAND_EDGES, HAND_KEYPOINT_COUNT } from '../handTopology.js';
import type { Vec2 } from '../types.js';
import { handCostAt, REACH, type HandPatch, type Window } from './handFit.js';
import { LENGTH_COST, type BoneTables, type TreeScene } from './handTree.js';
import { discOffsets } from './pixels.js';

// A placing gives each of a hand's 21 points a state: one of the places a dot fits (the
// evidence's centres, 0..n-1), or n for a point left out. It is judged by drawing it: the pixels
// its drawing gets wrong, then (weakly, to choose among drawings that are equally right) each
// point's own cost per state and each bone's cost for its length and shape.

const DISC = discOffsets(4);

/** A hand being placed: the scene, its bone tables, the blue under each place, and the weak costs. */
export interface Placing {
  s: TreeScene;
  tables: BoneTables;
  /** The blue pixels (patch indices) under a dot at each place. */
  discs: Int32Array[];
  /** Per point, what each state costs on its own (n places, then absent): the shape prior, the wrist's pull, a point left out. */
  own: Float64Array[];
  /** What bone k drawn from p to q (patch pixels) costs for its shape, as added into `tables`. */
  bone: (k: number, p: Vec2, q: Vec2) => number;
}

/** The blue pixels (patch indices) under a dot at each place of the evidence. */
export function placeDiscs(s: TreeScene): Int32Array[] {
  const { patch, evidence } = s;
  return evidence.centres.map((c) =>
    Int32Array.from(
      DISC.flatMap((o) => {
        const [x, y] = [c.x + o.x, c.y + o.y];
        return x >= 0 && y >= 0 && x < patch.width && y < patch.height && evidence.blue[y * patch.width + x] === 1 ? [y * patch.width + x] : [];
      }),
    ),
  );
}

/** The points in image pixels of a hand's states. */
export function statePoints(p: Placing, state: ArrayLike<number>): Array<Vec2 | null> {
  const { centres } = p.s.evidence;
  return Array.from(state, (i) => {
    const c = centres[i];
    return c ? { x: c.x + p.s.patch.x0, y: c.y + p.s.patch.y0 } : null;
  });
}

// The bones at each point: [edge, other point].
const BONES_AT: Array<Array<[number, number]>> = Array.from({ length: HAND_KEYPOINT_COUNT }, (_, i) =>
  HAND_EDGES.flatMap(([a, b], k): Array<[number, number]> => (a === i ? [[k, b]] : b === i ? [[k, a]] : [])),
);

function boneOwnCost(p: Placing, state: ArrayLike<number>, k: number): number {
  const [a, b] = HAND_EDGES[k] as readonly [number, number];
  const { centres } = p.s.evidence;
  const [q, r] = [centres[state[a] ?? -1], centres[state[b] ?? -1]];
  return q && r ? LENGTH_COST * Math.hypot(q.x - r.x, q.y - r.y) + p.bone(k, q, r) : 0;
}

// The weak costs of a placing: each point's own, each drawn bone's.
function weakCost(p: Placing, state: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < state.length; i++) sum += p.own[i]?.[state[i] ?? 0] ?? 0;
  for (let k = 0; k < HAND_EDGES.length; k++) sum += boneOwnCost(p, state, k);
  return sum;
}

// The image x and y of each point of a state (0 for a point left out: not drawn).
function fill(p: Placing, state: ArrayLike<number>, xs: Int32Array, ys: Int32Array): void {
  const { centres } = p.s.evidence;
  for (let i = 0; i < state.length; i++) {
    const c = centres[state[i] ?? -1];
    xs[i] = c ? c.x + p.s.patch.x0 : 0;
    ys[i] = c ? c.y + p.s.patch.y0 : 0;
  }
}

const [XS, YS] = [new Int32Array(HAND_KEYPOINT_COUNT), new Int32Array(HAND_KEYPOINT_COUNT)];

/** What a placing costs: its drawing's wrong pixels, then its weak costs. */
export function placingCost(p: Placing, state: ArrayLike<number>): number {
  const { patch } = p.s;
  fill(p, state, XS, YS);
  return handCostAt(patch, XS, YS, { x: 0, y: 0, width: patch.width, height: patch.height }) + weakCost(p, state);
}

// The window of the patch where drawing changes between two states: around the points that
// moved and the other ends of their bones, before and after.
function changedWindow(patch: HandPatch, p: Placing, state: ArrayLike<number>, trial: ArrayLike<number>, moved: readonly number[]): Window {
  const { centres } = p.s.evidence;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const take = (c: Vec2 | undefined) => {
    if (!c) return;
    [x0, y0, x1, y1] = [Math.min(x0, c.x), Math.min(y0, c.y), Math.max(x1, c.x), Math.max(y1, c.y)];
  };
  for (const i of moved) {
    take(centres[state[i] ?? -1]);
    take(centres[trial[i] ?? -1]);
    for (const [, other] of BONES_AT[i] ?? []) take(centres[state[other] ?? -1]);
  }
  const [wx0, wy0] = [Math.max(0, x0 - REACH), Math.max(0, y0 - REACH)];
  const [wx1, wy1] = [Math.min(patch.width - 1, x1 + REACH), Math.min(patch.height - 1, y1 + REACH)];
  return { x: wx0, y: wy0, width: Math.max(0, wx1 - wx0 + 1), height: Math.max(0, wy1 - wy0 + 1) };
}

// Annealing and descent try thousands of placings from one that stands until a trial is taken.
// The standing placing's drawing is kept as each pixel's wrong weight, so a trial draws only its
// own window and what it replaces there is summed; the last trial's window waits to be taken.
interface Standing {
  state: ArrayLike<number>;
  wrong: Uint8Array;
  trial: ArrayLike<number> | null;
  trialWindow: Window;
  trialWrong: Uint8Array;
}
const standing = new WeakMap<Placing, Standing>();

function standingDrawing(p: Placing, state: ArrayLike<number>): Standing {
  const { patch } = p.s;
  let s = standing.get(p);
  if (s && s.trial === state) {
    const { x, y, width, height } = s.trialWindow;
    for (let row = y; row < y + height; row++) s.wrong.set(s.trialWrong.subarray(row * patch.width + x, row * patch.width + x + width), row * patch.width + x);
    [s.state, s.trial] = [state, null];
  }
  if (!s || s.state !== state) {
    // A placing's patch keeps its size: its buffers serve each placing that comes to stand.
    const size = patch.width * patch.height;
    s = {
      state,
      wrong: s?.wrong ?? new Uint8Array(size),
      trial: null,
      trialWindow: { x: 0, y: 0, width: 0, height: 0 },
      trialWrong: s?.trialWrong ?? new Uint8Array(size),
    };
    fill(p, state, XS, YS);
    handCostAt(patch, XS, YS, { x: 0, y: 0, width: patch.width, height: patch.height }, s.wrong);
    standing.set(p, s);
  }
  return s;
}

/** The cost of a trial placing from the cost of the current one, drawing again only the window where what moved is drawn, before or after. */
export function trialCost(p: Placing, state: ArrayLike<number>, cost: number, trial: ArrayLike<number>): number {
  const moved: number[] = [];
  for (let i = 0; i < trial.length; i++) if (trial[i] !== state[i]) moved.push(i);
  const s = standingDrawing(p, state);
  if (moved.length === 0) {
    // Taken, it draws as the standing placing does: nothing to redraw.
    [s.trial, s.trialWindow] = [trial, { x: 0, y: 0, width: 0, height: 0 }];
    return cost;
  }
  const { patch } = p.s;
  const window = changedWindow(patch, p, state, trial, moved);
  let delta = 0;
  for (let row = window.y; row < window.y + window.height; row++) {
    for (let i = row * patch.width + window.x, end = i + window.width; i < end; i++) delta -= s.wrong[i] as number;
  }
  fill(p, trial, XS, YS);
  delta += handCostAt(patch, XS, YS, window, s.trialWrong);
  [s.trial, s.trialWindow] = [trial, window];
  const bones = new Set<number>();
  for (const i of moved) {
    delta += (p.own[i]?.[trial[i] ?? 0] ?? 0) - (p.own[i]?.[state[i] ?? 0] ?? 0);
    for (const [k] of BONES_AT[i] ?? []) bones.add(k);
  }
  for (const k of bones) delta += boneOwnCost(p, trial, k) - boneOwnCost(p, state, k);
  return cost + delta;
}
