import { reflectAcross, type Vec2 } from '../../pose';
import { angleOf, cloneFigure, distance, rotateJoints, translateFigure, type Figure } from './figure';
import { chainDownTo, chainEndingAt, pivotOf, subtree, type Skeleton } from './skeleton';
import { bendSide, REACH_TOLERANCE, recordDrawnBend, solveChain } from './solve';
import { swingChain, swingMiddle } from './swing';

/** One posing step on a working figure, done to the fraction t of its full extent (0: nothing). */
export type Operation = (figure: Figure, t: number) => void;

// Halvings of the step when pins forbid the whole of it: 2^-14 of a drag is far below a pixel.
const PIN_SEARCH_STEPS = 14;

const wrap = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));

/** The part of a chain from its last pinned joint (other than its end) down to its end. */
export function cutAtPins(chain: readonly number[], pins: readonly number[]): readonly number[] {
  const last = chain.slice(0, -1).reduce((at, j, i) => (pins.includes(j) ? i : at), 0);
  return chain.slice(last);
}

/** Puts back the pinned joints `op` moved (in `after`, from where they are in `before`); false if that cannot be done. */
export type RestorePins = (before: Figure, after: Figure, skeleton: Skeleton, pins: readonly number[]) => boolean;

// A pinned joint that moved is put back by the 2D IK of the chain above it; false if that cannot be done.
function restorePins(before: Figure, after: Figure, skeleton: Skeleton, pins: readonly number[]): boolean {
  for (const p of pins) {
    const [was, now] = [before.body[p], after.body[p]];
    if (!was || !now || distance(was, now) <= REACH_TOLERANCE) continue;
    const chain = chainDownTo(skeleton, p);
    const cut = chain && cutAtPins(chain, pins);
    if (!cut || cut.length < 2 || !solveChain(after, skeleton, cut, was, bendSide(before, skeleton, cut))) return false;
  }
  return pins.every((p) => !before.body[p] || distance(before.body[p], after.body[p]!) <= REACH_TOLERANCE);
}

/** The figure after `op`, done in full if the pins allow it (`restore` putting them back), else as far as they allow. */
export function withPins(figure: Figure, skeleton: Skeleton, pins: readonly number[], op: Operation, restore: RestorePins = restorePins): Figure {
  const attempt = (t: number): Figure | null => {
    const next = cloneFigure(figure);
    op(next, t);
    return restore(figure, next, skeleton, pins) ? next : null;
  };
  const full = attempt(1);
  if (full) return full;
  let [lo, hi, best] = [0, 1, figure];
  for (let i = 0; i < PIN_SEARCH_STEPS; i++) {
    const t = (lo + hi) / 2;
    const next = attempt(t);
    if (next) [lo, best] = [t, next];
    else hi = t;
  }
  return best;
}

/**
 * A joint dragged to `target` with every bone keeping its length: a chain's end (wrist, ankle,
 * nose, paw) by IK from the chain's root or nearest pin; an elbow or knee whose end is pinned swings
 * about the line from its root to that end; a hip (an animal's neck) moves the whole figure; any
 * other joint turns about its parent, carrying what hangs from it. Pinned joints stay. `lead` is
 * the drag's first move, which decides the side a straight limb bends to (bendSide).
 */
export function dragJoint(figure: Figure, skeleton: Skeleton, joint: number, target: Vec2, pins: readonly number[], lead?: Vec2): Figure {
  const start = figure.body[joint];
  if (!start || pins.includes(joint)) return figure;
  const swung = swingChain(skeleton, joint, pins);
  if (swung) {
    const next = cloneFigure(figure);
    return swingMiddle(next, skeleton, swung, target) ? next : figure;
  }
  const chain = chainEndingAt(skeleton, joint);
  if (chain) {
    const cut = cutAtPins(chain, pins);
    const bend = bendSide(figure, skeleton, cut, lead);
    const at = (t: number) => ({ x: start.x + (target.x - start.x) * t, y: start.y + (target.y - start.y) * t });
    return withPins(figure, skeleton, pins, (f, t) => void solveChain(f, skeleton, cut, t === 1 ? target : at(t), bend));
  }
  if (skeleton.movesWhole.includes(joint)) {
    return withPins(figure, skeleton, pins, (f, t) => translateFigure(f, (target.x - start.x) * t, (target.y - start.y) * t));
  }
  const pivot = pivotOf(skeleton, figure.body, joint);
  return turnJoint(figure, skeleton, joint, wrap(angleOf(pivot, target) - angleOf(pivot, start)), pins);
}

/** The bone ending at `joint` turned by `radians` about its parent joint, carrying everything hanging from it. */
export function turnJoint(figure: Figure, skeleton: Skeleton, joint: number, radians: number, pins: readonly number[]): Figure {
  if (!figure.body[joint]) return figure;
  const pivot = { ...pivotOf(skeleton, figure.body, joint) };
  return withPins(figure, skeleton, pins, (f, t) => {
    rotateJoints(f, subtree(skeleton, joint), pivot, radians * t);
    recordDrawnBend(f, skeleton, joint);
  });
}

/** dragJoint, and in symmetry mode the mirror joint dragged to the mirror of the target (led the mirror way). */
export function dragJointMirrored(
  figure: Figure,
  skeleton: Skeleton,
  joint: number,
  target: Vec2,
  pins: readonly number[],
  symmetry: boolean,
  lead?: Vec2,
): Figure {
  const axis = skeleton.axis(figure.body);
  const once = dragJoint(figure, skeleton, joint, target, pins, lead);
  const partner = skeleton.mirror[joint] ?? joint;
  if (!symmetry || partner === joint) return once;
  const o = reflectAcross({ x: 0, y: 0 }, axis);
  const mirroredLead = lead && { x: reflectAcross(lead, axis).x - o.x, y: reflectAcross(lead, axis).y - o.y };
  return dragJoint(once, skeleton, partner, reflectAcross(target, axis), pins, mirroredLead);
}

/** turnJoint, and in symmetry mode the mirror bone turned the mirror way. */
export function turnJointMirrored(figure: Figure, skeleton: Skeleton, joint: number, radians: number, pins: readonly number[], symmetry: boolean): Figure {
  const once = turnJoint(figure, skeleton, joint, radians, pins);
  const partner = skeleton.mirror[joint] ?? joint;
  return symmetry && partner !== joint ? turnJoint(once, skeleton, partner, -radians, pins) : once;
}
