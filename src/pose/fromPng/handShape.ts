import { HAND_EDGES, HAND_KEYPOINT_COUNT } from '../handTopology.js';
import { HAND_TEMPLATE } from '../templates.js';
import type { Vec2 } from '../types.js';
import type { HandEvidence } from './handCandidates.js';
import { ABSENT_COST, type BoneTables } from './handTree.js';

// Where the drawing cannot tell (dots piled on dots, bones hidden under them) a hand is most
// likely shaped like a hand: the mean hand (HAND_TEMPLATE) is laid from the wrist towards the
// middle of the hand's pixels, as long as they reach, and each point pays a little for straying
// from its place in it. The weight is small against a wrong pixel: it chooses among drawings that
// are equally right, it does not bend a hand the drawing shows.

const DOT_RADIUS = 4;
// Cost of a point one hand-length from its place in the mean hand (and no more beyond).
const SHAPE_WEIGHT = 1;

/** The mean hand laid over a hand's pixels: wrist, unit direction to the fingers, length (patch pixels). */
export interface HandFrame {
  wrist: Vec2;
  along: Vec2;
  length: number;
}

/** Lays the mean hand from a wrist towards the middle of the hand's pixels (blue and bones), as long as they reach. */
export function handFrame(evidence: HandEvidence, width: number, wrist: Vec2): HandFrame {
  const pixels: Vec2[] = [];
  evidence.blue.forEach((b, i) => {
    if (b === 1 || (evidence.edgeAt[i] ?? -1) >= 0) pixels.push({ x: i % width, y: Math.floor(i / width) });
  });
  const cx = pixels.reduce((s, p) => s + p.x, 0) / Math.max(pixels.length, 1);
  const cy = pixels.reduce((s, p) => s + p.y, 0) / Math.max(pixels.length, 1);
  const toMiddle = Math.hypot(cx - wrist.x, cy - wrist.y);
  const along = toMiddle < 1 ? { x: 0, y: 1 } : { x: (cx - wrist.x) / toMiddle, y: (cy - wrist.y) / toMiddle };
  const reach = Math.max(...pixels.map((p) => (p.x - wrist.x) * along.x + (p.y - wrist.y) * along.y));
  return { wrist, along, length: Math.max(reach - DOT_RADIUS, 2) };
}

/**
 * Per point, its own cost at each place (then absent): straying from the mean hand laid by
 * `frame` (thumb on the side `side` of the direction), plus `extra` (the same for every point but
 * the wrist's pull). A point left out pays ABSENT_COST.
 */
export function shapeCosts(centres: readonly Vec2[], frame: HandFrame | null, side: 1 | -1, wristExtra: (place: number) => number): Float64Array[] {
  const n = centres.length;
  return Array.from({ length: HAND_KEYPOINT_COUNT }, (_, i) => {
    const [u, v] = HAND_TEMPLATE[i] ?? [0, 0];
    const own = new Float64Array(n + 1);
    own[n] = ABSENT_COST;
    for (let c = 0; c < n; c++) {
      const p = centres[c] as Vec2;
      let cost = i === 0 ? wristExtra(c) : 0;
      if (frame) {
        const { wrist, along, length } = frame;
        const tx = wrist.x + (along.x * u - along.y * side * v) * length;
        const ty = wrist.y + (along.y * u + along.x * side * v) * length;
        cost += SHAPE_WEIGHT * Math.min(1, ((p.x - tx) ** 2 + (p.y - ty) ** 2) / length ** 2);
      }
      own[c] = cost;
    }
    return own;
  });
}

// Cost of a bone whose vector strays one hand-length from the mean bone's (and no more beyond).
const BONE_WEIGHT = 4;

/** Cost of bone k drawn from p to q (patch pixels) for differing from the mean hand's bone k laid by the frame. */
export type BonePrior = (k: number, p: Vec2, q: Vec2) => number;

/** The bones of the mean hand laid by `frame` (thumb on side `side`): each bone pays for how far its vector strays from the mean bone's, in hand lengths squared. */
export function bonePrior(frame: HandFrame | null, side: 1 | -1): BonePrior {
  if (!frame) return () => 0;
  const { along, length } = frame;
  const vectors = HAND_EDGES.map(([a, b]) => {
    const [ua, va] = HAND_TEMPLATE[a] ?? [0, 0];
    const [ub, vb] = HAND_TEMPLATE[b] ?? [0, 0];
    const [u, v] = [ub - ua, vb - va];
    return { x: (along.x * u - along.y * side * v) * length, y: (along.y * u + along.x * side * v) * length };
  });
  return (k, p, q) => {
    const t = vectors[k] as Vec2;
    return BONE_WEIGHT * Math.min(1, ((q.x - p.x - t.x) ** 2 + (q.y - p.y - t.y) ** 2) / length ** 2);
  };
}

/** The bone tables with the prior added to every pair of places. */
export function withPrior(tables: BoneTables, centres: readonly Vec2[], prior: BonePrior): BoneTables {
  const { n } = tables;
  const costs = tables.costs.map((table, k) => {
    const out = Float32Array.from(table);
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) out[a * n + b] = (out[a * n + b] as number) + prior(k, centres[a] as Vec2, centres[b] as Vec2);
    return out;
  });
  return { ...tables, costs };
}
