import { HAND_KEYPOINT_COUNT } from '../handTopology.js';
import type { Vec2 } from '../types.js';
import { placingCost, trialCost, type Placing } from './handPlacing.js';

// Where dots pile up, the placings that draw the patch exactly are many and far apart: a point
// given to the wrong finger is mended only by moving several at once, through placings that
// draw worse. Simulated annealing walks there: a point moved to a nearby place (or anywhere, or
// left out), two points trading places, taken when the cost falls or, while the temperature is
// high, sometimes when it rises.

// A point's small step goes to one of its place's nearest places.
const NEAREST = 25;
// Steps per place a dot fits, within bounds: a hand of piled dots has many places.
const STEPS_PER_PLACE = 80;
const MIN_STEPS = 6000;
const MAX_STEPS = 20000;
// Temperatures in units of cost (a wrong pixel is 1, a wrong bone pixel 3).
const HOT = 1.5;
const COLD = 0.02;
// The placings passed once the walk has cooled are kept every so many steps (handDoubt.ts).
const COLD_HALF = 0.5;
const SAMPLE_EVERY = 20;

/** A small fixed-seed generator: the same image always reads the same. */
export function lcg(seed: number): () => number {
  let x = seed;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

// Each place's nearest places (itself among them): a point's small steps, at any hand size.
function neighbourLists(centres: readonly Vec2[]): Int32Array[] {
  return centres.map((p) => {
    const order = centres.map((q, j) => ({ j, d: Math.hypot(p.x - q.x, p.y - q.y) })).sort((a, b) => a.d - b.d);
    return Int32Array.from(order.slice(0, NEAREST).map((o) => o.j));
  });
}

function propose(p: Placing, state: Int32Array, near: Int32Array[], random: () => number): Int32Array {
  const n = p.tables.n;
  const next = Int32Array.from(state);
  const i = Math.floor(random() * HAND_KEYPOINT_COUNT);
  const r = random();
  if (r < 0.1 && i > 0) {
    // Two fingers trading their ends from the same joint on.
    const [f, g, from] = [Math.floor((i - 1) / 4), Math.floor(random() * 5), (i - 1) % 4];
    for (let j = from; j < 4; j++) [next[1 + 4 * f + j], next[1 + 4 * g + j]] = [state[1 + 4 * g + j] ?? n, state[1 + 4 * f + j] ?? n];
  } else if (r < 0.3) {
    const j = Math.floor(random() * HAND_KEYPOINT_COUNT);
    [next[i], next[j]] = [state[j] ?? n, state[i] ?? n];
  } else if (r < 0.35 || (state[i] ?? n) === n) {
    next[i] = Math.floor(random() * n);
  } else if (r < 0.37) {
    next[i] = n;
  } else {
    const list = near[state[i] ?? 0] ?? new Int32Array(0);
    next[i] = list[Math.floor(random() * list.length)] ?? n;
  }
  return next;
}

/** The cheapest placing met while annealing from `start`; placings passed in the colder half are added to `visited` now and then. */
export function annealHand(
  p: Placing,
  start: { state: Int32Array; cost: number },
  seed: number,
  visited: Array<{ state: Int32Array; cost: number }>,
): { state: Int32Array; cost: number } {
  const near = neighbourLists(p.s.evidence.centres);
  const random = lcg(seed);
  let [state, cost] = [start.state, start.cost];
  let best = start;
  const steps = Math.min(MAX_STEPS, Math.max(MIN_STEPS, STEPS_PER_PLACE * p.tables.n));
  for (let step = 0; step < steps; step++) {
    const t = HOT * (COLD / HOT) ** (step / steps);
    if (step >= steps * COLD_HALF && step % SAMPLE_EVERY === 0) visited.push({ state, cost });
    const trial = propose(p, state, near, random);
    const next = trialCost(p, state, cost, trial);
    if (next <= cost || random() < Math.exp((cost - next) / t)) {
      [state, cost] = [trial, next];
      if (cost < best.cost - 1e-9) {
        // The cost summed from changes carries rounding: the best is costed whole.
        cost = placingCost(p, state);
        if (cost < best.cost - 1e-9) best = { state, cost };
      }
    }
  }
  return best;
}
