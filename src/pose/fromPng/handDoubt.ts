import { HAND_EDGES, HAND_KEYPOINT_COUNT } from '../handTopology.js';
import { descend } from './handCover.js';
import { handCost } from './handFit.js';
import { statePoints, type Placing } from './handPlacing.js';

// A reading is only as good as the drawing is particular: where dots pile up, other placings may
// draw the very same pixels with a point on another finger. So the reading is compared with the
// other placings met that draw the patch as well (the other thumb side's, those annealing passed
// near the cheapest), and each point read is challenged: the hand is placed again with that point
// kept away from its place (more than TOLERANCE off), from the reading with the point left out,
// then with it trading places with its neighbour toward the wrist. Wherever
// another placing's drawing gets no more pixels wrong than the reading's, every point the two put
// more than TOLERANCE apart is in doubt.

/** Points within this distance of each other are the same reading of a point. */
export const TOLERANCE = 3;

// Each point's neighbour toward the wrist (-1 for the wrist).
const PARENT = Array.from({ length: HAND_KEYPOINT_COUNT }, (_, i) => HAND_EDGES.find(([, b]) => b === i)?.[0] ?? -1);

const apart = (p: Placing, a: number, b: number): boolean => {
  const { centres } = p.s.evidence;
  const [q, r] = [centres[a], centres[b]];
  if (!q || !r) return q !== r;
  return Math.hypot(q.x - r.x, q.y - r.y) > TOLERANCE;
};

// The placing with point i barred from every place within TOLERANCE of `place`.
function barred(p: Placing, i: number, place: number): Placing {
  const own = p.own.map((o, j) => (j === i ? Float64Array.from(o, (v, c) => (c < p.tables.n && !apart(p, c, place) ? Infinity : v)) : o));
  return { ...p, own };
}

/**
 * The points of a hand's reading (`state`, a placing's states) that another placing draws as
 * well with them elsewhere: other placings met (`rivals`) and each point's challenger (see above).
 */
export function doubtfulPoints(p: Placing, state: Int32Array, rivals: readonly Int32Array[]): Set<number> {
  const wrong = handCost(p.s.patch, statePoints(p, state));
  const doubtful = new Set<number>();
  const against = (other: Int32Array) => {
    if (handCost(p.s.patch, statePoints(p, other)) > wrong) return false;
    other.forEach((c, j) => {
      if (apart(p, c, state[j] ?? p.tables.n)) doubtful.add(j);
    });
    return true;
  };
  for (const rival of rivals) against(rival);
  const n = p.tables.n;
  for (let i = 0; i < HAND_KEYPOINT_COUNT; i++) {
    if (doubtful.has(i) || (state[i] ?? n) >= n) continue;
    const challenge = barred(p, i, state[i] ?? n);
    const moved = Int32Array.from(state);
    moved[i] = n;
    if (against(descend(challenge, moved).state)) continue;
    // A point and its neighbour toward the wrist trading places draw their bone the same.
    const parent = PARENT[i] ?? -1;
    if (parent < 0 || (state[parent] ?? n) >= n || !apart(p, state[i] ?? n, state[parent] ?? n)) continue;
    const traded = Int32Array.from(state);
    [traded[i], traded[parent]] = [state[parent] ?? n, state[i] ?? n];
    against(descend(challenge, traded).state);
  }
  return doubtful;
}
