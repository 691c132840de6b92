import type { Keypoint, Vec2 } from '../../pose';
import { angleOf, distance, rotateJoints, type Figure } from './figure';
import { relaxChainDepth } from './foreshorten';
import { subtree, type Skeleton } from './skeleton';

// Below this a bend counts as straight: either side is then as good.
const STRAIGHT = 1e-9;
/** How close (px) a solved chain must bring its end to count as reaching it. */
export const REACH_TOLERANCE = 1e-6;

const cross = (o: Vec2, a: Vec2, b: Vec2) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** The side a 2-bone chain bends to (+1 or -1; 0 when straight or not a 2-bone chain). */
export function bendOf(body: readonly Keypoint[], chain: readonly number[]): number {
  if (chain.length !== 3) return 0;
  const [r, m, e] = chain.map((i) => body[i]!) as [Keypoint, Keypoint, Keypoint];
  const c = cross(r, m, e);
  return Math.abs(c) < STRAIGHT * distance(r, m) * distance(r, e) ? 0 : Math.sign(c);
}

function turnTo(figure: Figure, skeleton: Skeleton, joint: number, pivot: Vec2, to: Vec2): void {
  const at = figure.body[joint]!;
  rotateJoints(figure, subtree(skeleton, joint), pivot, angleOf(pivot, to) - angleOf(pivot, at));
}

/**
 * Moves a chain's end toward `target` by turning its bones about the chain's root, every bone
 * keeping its length (in 3D when the figure has depth: relaxChainDepth first trades depth for
 * drawn length); a 2-bone chain keeps bending to `bend`'s side (the law of cosines places the
 * middle joint). Returns whether the end reached the target.
 */
export function solveChain(figure: Figure, skeleton: Skeleton, chain: readonly number[], target: Vec2, bend: number): boolean {
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
  // The middle joint goes to the side the chain bent to before (a straight chain keeps its mid-joint's side of the line).
  const side = bend !== 0 ? -bend : cross(root, body[end]!, body[mid]!) >= 0 ? 1 : -1;
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
