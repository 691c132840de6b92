import { HAND_EDGES } from '../handTopology.js';
import { solveTree, type BoneTables } from './handTree.js';
import { placingCost, type Placing } from './handPlacing.js';

// Where dots pile up, the blue's outline fixes where the dots are long before it says which point
// each dot is. So with the places of a good placing held, the points are given to them again:
// the tree solved over those places only, each place earning a price for being used. A place
// whose blue no other covers must be used; its price rises while it is left out and falls while
// several points crowd it (Lagrangian relaxation, prices capped at the blue it alone covers).

const ROUNDS = 120;
const FIRST_STEP = 2;

/** The best placing found by giving the points of `best` again to the places it uses. */
export function relabelHand(p: Placing, best: { state: Int32Array; cost: number }): { state: Int32Array; cost: number } {
  const n = p.tables.n;
  const places = [...new Set(best.state)].filter((c) => c < n);
  const m = places.length;
  const tables: BoneTables = {
    n: m,
    costs: HAND_EDGES.map((_, k) => Float32Array.from({ length: m * m }, (_, i) => p.tables.costs[k]?.[(places[Math.floor(i / m)] as number) * n + (places[i % m] as number)] ?? 0)),
    undrawn: p.tables.undrawn,
  };
  const owners = new Map<number, number[]>();
  places.forEach((c, j) => {
    for (const px of p.discs[c] ?? []) owners.set(px, [...(owners.get(px) ?? []), j]);
  });
  const alone = new Float64Array(m);
  for (const list of owners.values()) if (list.length === 1) alone[list[0] as number]++;
  const price = Float64Array.from(alone);
  let found = best;
  for (let round = 0; round < ROUNDS; round++) {
    const own = p.own.map((o) => Float64Array.from({ length: m + 1 }, (_, j) => (j === m ? (o[n] as number) : (o[places[j] as number] as number) - (price[j] as number))));
    const solved = solveTree(tables, own);
    const state = Int32Array.from(solved, (j) => places[j] ?? n);
    const cost = placingCost(p, state);
    if (cost < found.cost) found = { state, cost };
    const used = new Float64Array(m);
    for (const j of solved) if (j < m) used[j]++;
    const step = FIRST_STEP / (1 + round / 10);
    for (let j = 0; j < m; j++) price[j] = Math.min(alone[j] as number, Math.max(0, (price[j] as number) + step * (1 - (used[j] as number))));
  }
  return found;
}
