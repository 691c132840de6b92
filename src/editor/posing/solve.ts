import type { BendSide, Keypoint, Vec2 } from '../../pose';
import { angleOf, distance, rotateJoints, type Figure } from './figure';
import { relaxChainDepth } from './foreshorten';
import { chainEndingAt, subtree, type Skeleton } from './skeleton';

// Below this a bend counts as straight: either side is then as good.
const STRAIGHT = 1e-9;
/** How close (px) a solved chain must bring its end to count as reaching it. */
export const REACH_TOLERANCE = 1e-6;

const cross = (o: Vec2, a: Vec2, b: Vec2) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

// Below this angle between its bones (about 20°) a chain's drawn bend says too little of which way
// the artist bent it (the default figure's arms bend 4°): its record, or how the limb bends, decides.
const CLEARLY_BENT = Math.sin((20 * Math.PI) / 180);

/** The side a 2-bone chain bends to as drawn (+1 or -1; 0 when straight or not a 2-bone chain). */
export function bendOf(body: readonly Keypoint[], chain: readonly number[]): number {
  if (chain.length !== 3) return 0;
  const [r, m, e] = chain.map((i) => body[i]!) as [Keypoint, Keypoint, Keypoint];
  const c = cross(r, m, e);
  return Math.abs(c) < STRAIGHT * distance(r, m) * distance(r, e) ? 0 : Math.sign(c);
}

/**
 * The side a 2-bone chain is to bend to when its end is posed: the drawn side when it is clearly
 * bent; else the side its figure record keeps (what the artist last posed or flipped); else the
 * side the limb bends to (Skeleton.restingBend) pointing where the drag's first move `lead` takes
 * it (its line turned toward the lead: a hanging arm's wrist led out puts the elbow below, led in
 * toward the face puts it out). Never decided by which way a nearly straight limb happens to lean.
 */
export function bendSide(figure: Figure, skeleton: Skeleton, chain: readonly number[], lead?: Vec2): BendSide {
  if (chain.length !== 3) return 1;
  const [r, m, e] = chain.map((i) => figure.body[i]!) as [Keypoint, Keypoint, Keypoint];
  const [a, b] = [
    { x: m.x - r.x, y: m.y - r.y },
    { x: e.x - m.x, y: e.y - m.y },
  ];
  const sine = (a.x * b.y - a.y * b.x) / Math.max(Math.hypot(a.x, a.y) * Math.hypot(b.x, b.y), 1e-12);
  const drawn = bendOf(figure.body, chain);
  if (drawn !== 0 && Math.abs(sine) >= CLEARLY_BENT) return drawn as BendSide;
  const kept = figure.bends[chain[2]!];
  if (kept) return kept;
  const line = { x: e.x - r.x, y: e.y - r.y };
  const [reach, led] = [Math.hypot(line.x, line.y), lead ? Math.hypot(lead.x, lead.y) : 0];
  const toward = lead && led > 0 ? { x: line.x + (lead.x / led) * reach, y: line.y + (lead.y / led) * reach } : line;
  // A lead (nearly) straight back along the limb points nowhere new: the limb's own line decides.
  return skeleton.restingBend(figure.body, chain, Math.hypot(toward.x, toward.y) > reach * 0.5 ? toward : line);
}

/** Records the side the 2-bone chain ending at `end` is drawn bending to, when the artist bent it by hand (a forearm turned, the middle joint swung). */
export function recordDrawnBend(figure: Figure, skeleton: Skeleton, end: number): void {
  const chain = chainEndingAt(skeleton, end);
  const drawn = chain?.length === 3 ? bendOf(figure.body, chain) : 0;
  if (drawn !== 0) figure.bends[end] = drawn as BendSide;
}

function turnTo(figure: Figure, skeleton: Skeleton, joint: number, pivot: Vec2, to: Vec2): void {
  const at = figure.body[joint]!;
  rotateJoints(figure, subtree(skeleton, joint), pivot, angleOf(pivot, to) - angleOf(pivot, at));
}

/**
 * Moves a chain's end toward `target` by turning its bones about the chain's root, every bone
 * keeping its length (in 3D when the figure has depth: relaxChainDepth first trades depth for
 * drawn length); a 2-bone chain bends to `bend`'s side (the law of cosines places the middle
 * joint), which its figure's record then keeps. Returns whether the end reached the target.
 */
export function solveChain(figure: Figure, skeleton: Skeleton, chain: readonly number[], target: Vec2, bend: BendSide): boolean {
  relaxChainDepth(figure, skeleton, chain, target);
  const body = figure.body;
  const root = body[chain[0]!]!;
  const end = chain[chain.length - 1]!;
  if (chain.length === 2) {
    turnTo(figure, skeleton, end, root, target);
    const reached = Math.abs(distance(root, target) - distance(root, body[end]!)) <= REACH_TOLERANCE;
    if (reached) placeExactly(figure, end, target);
    return reached;
  }
  const mid = chain[1]!;
  const [a, b] = [distance(root, body[mid]!), distance(body[mid]!, body[end]!)];
  const want = distance(root, target);
  const d = Math.min(a + b, Math.max(Math.abs(a - b), want));
  const base = want > 0 ? angleOf(root, target) : angleOf(root, body[end]!);
  const cos = a > 0 && d > 0 ? (a * a + d * d - b * b) / (2 * a * d) : 1;
  figure.bends[end] = bend;
  const side = -bend;
  const turn = base + side * Math.acos(Math.max(-1, Math.min(1, cos)));
  turnTo(figure, skeleton, mid, root, { x: root.x + Math.cos(turn), y: root.y + Math.sin(turn) });
  const reach = { x: root.x + d * Math.cos(base), y: root.y + d * Math.sin(base) };
  turnTo(figure, skeleton, end, body[mid]!, reach);
  const reached = Math.abs(d - want) <= REACH_TOLERANCE;
  // Reached: the end sits exactly on the target (what the pointer asked for), rounding errors dropped.
  if (reached) placeExactly(figure, end, target);
  return reached;
}

function placeExactly(figure: Figure, joint: number, target: Vec2): void {
  const p = figure.body[joint]!;
  const [dx, dy] = [target.x - p.x, target.y - p.y];
  p.x = target.x;
  p.y = target.y;
  for (const c of figure.carried) {
    if (c.anchor !== joint) continue;
    for (const q of c.points) {
      q.x += dx;
      q.y += dy;
    }
  }
}
