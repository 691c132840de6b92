import { handCost } from './handFit.js';
import type { Covered } from './handCover.js';
import { statePoints, type Placing } from './handPlacing.js';

// Where dots pile up, annealing wanders among placings that draw the hand equally well and
// differ in which point is which; the cheapest of them is barely cheaper than the rest. The
// reading least likely to put a point far off is the one the others agree with most: among the
// placings met that cost at most MARGIN more than the cheapest and draw no more wrong pixels, the
// one with most points within TOLERANCE of the same point in each of the others.

const MARGIN = 0.5;
const TOLERANCE = 3;
// At most this many placings are compared, pair by pair (spread evenly over those met).
const MAX_POOL = 400;

// Points of a and b (states of one placing) that are both drawn and within TOLERANCE.
function agreeing(p: Placing, a: Int32Array, b: Int32Array): number {
  const { centres } = p.s.evidence;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const [q, r] = [centres[a[i] ?? -1], centres[b[i] ?? -1]];
    if (q && r && Math.abs(q.x - r.x) <= TOLERANCE && Math.abs(q.y - r.y) <= TOLERANCE && Math.hypot(q.x - r.x, q.y - r.y) <= TOLERANCE) n++;
  }
  return n;
}

/** Of the cheapest placing found and those met near its cost (`visited`), the one most agreed with (see above). */
export function centralPlacing(p: Placing, best: Covered, visited: readonly Covered[]): Int32Array {
  const near = visited.filter((v) => v.cost <= best.cost + MARGIN);
  if (near.length === 0) return best.state;
  const step = Math.max(1, near.length / MAX_POOL);
  const wrong = handCost(p.s.patch, statePoints(p, best.state));
  const pool = [best.state];
  for (let k = 0; k < near.length; k += step) {
    const v = near[Math.floor(k)] as Covered;
    if (handCost(p.s.patch, statePoints(p, v.state)) <= wrong) pool.push(v.state);
  }
  let [chosen, most] = [best.state, -1];
  for (const a of pool) {
    let sum = 0;
    for (const b of pool) sum += agreeing(p, a, b);
    if (sum > most) [chosen, most] = [a, sum];
  }
  return chosen;
}
