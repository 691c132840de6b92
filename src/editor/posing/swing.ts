import { along3, dot3, length3, minus3, pointIn3d, type Vec2, type Vec3 } from '../../pose';
import type { Figure } from './figure';
import { translateJoints3d } from './foreshorten';
import type { Skeleton } from './skeleton';
import { REACH_TOLERANCE, recordDrawnBend } from './solve';

// Angles tried round the swing's circle before the nearest is refined: 1° apart.
const SAMPLES = 360;
// Halvings refining the nearest angle: 2^-30 of a degree.
const REFINE_STEPS = 30;

const cross3 = (a: Vec3, b: Vec3): Vec3 => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });

/** The 2-bone chain whose middle joint is `joint` and whose end is pinned: dragging that joint swings it. */
export function swingChain(skeleton: Skeleton, joint: number, pins: readonly number[]): readonly number[] | undefined {
  return skeleton.chains.find((c) => c.length === 3 && c[1] === joint && pins.includes(c[2]!));
}

/** Whether a chain is straight in 3D, so its middle joint has no circle to swing on. */
export function isStraight3d(figure: Figure, chain: readonly number[]): boolean {
  const [r, m, e] = chain.map((j) => pointIn3d(figure.body[j]!)) as [Vec3, Vec3, Vec3];
  const axis = minus3(e, r);
  const d = length3(axis);
  if (d <= REACH_TOLERANCE) return false;
  const off = minus3(m, r);
  return length3(along3(off, axis, -dot3(off, axis) / (d * d))) <= REACH_TOLERANCE;
}

/**
 * Swings a 2-bone chain's middle joint about the line from its root to its end, toward the drawn
 * point `target`: the joint goes round the circle it can lie on with both bones keeping their 3D
 * lengths and the end still, to the place drawn nearest the target (toward the viewer where two
 * are as near, so a flat figure's elbow comes forward). The end and what hangs from it stay; the
 * record keeps the side the chain is drawn bending to. False when the chain is straight.
 */
export function swingMiddle(figure: Figure, skeleton: Skeleton, chain: readonly number[], target: Vec2): boolean {
  const [r, m, e] = chain.map((j) => pointIn3d(figure.body[j]!)) as [Vec3, Vec3, Vec3];
  const d = length3(minus3(e, r));
  if (d <= REACH_TOLERANCE) return false;
  const axis = along3({ x: 0, y: 0, z: 0 }, minus3(e, r), 1 / d);
  const centre = along3(r, axis, dot3(minus3(m, r), axis));
  const radial = minus3(m, centre);
  const radius = length3(radial);
  if (radius <= REACH_TOLERANCE) return false;
  const u = along3({ x: 0, y: 0, z: 0 }, radial, 1 / radius);
  const w = cross3(axis, u);
  const at = (phi: number): Vec3 => along3(along3(centre, u, radius * Math.cos(phi)), w, radius * Math.sin(phi));
  // Drawn distance to the target; among equal ones the place nearer the viewer wins.
  const miss = (phi: number) => {
    const p = at(phi);
    return Math.hypot(p.x - target.x, p.y - target.y) - 1e-9 * p.z;
  };
  let best = 0;
  for (let i = 1; i < SAMPLES; i++) {
    const phi = (2 * Math.PI * i) / SAMPLES;
    if (miss(phi) < miss(best)) best = phi;
  }
  let [lo, hi] = [best - (2 * Math.PI) / SAMPLES, best + (2 * Math.PI) / SAMPLES];
  for (let i = 0; i < REFINE_STEPS; i++) {
    const [a, b] = [lo + (hi - lo) / 3, hi - (hi - lo) / 3];
    if (miss(a) <= miss(b)) hi = b;
    else lo = a;
  }
  translateJoints3d(figure, [chain[1]!], minus3(at((lo + hi) / 2), m));
  recordDrawnBend(figure, skeleton, chain[2]!);
  return true;
}
