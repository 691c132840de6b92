import { ANIMAL_LINES } from '../animalTopology.js';
import type { Keypoint } from '../types.js';
import type { ToOutput } from './personSolids.js';
import type { Solid } from './shapes.js';

// AP-10K: neck (3) to tail root (4) is the trunk; the rest are legs, head and tail.
const TRUNK = '3-4';
// Shares of the animal's size (its points' box diagonal): the trunk is thick, every other line thin.
const TRUNK_SHARE = 0.09;
const LINE_SHARE = 0.035;

/** The solids of one animal: a capsule along each line ControlNet draws (never thinner than `min`), a thick trunk. */
export function animalSolids(keypoints: readonly Keypoint[], to: ToOutput, min: number): Solid[] {
  const shownPoints = keypoints.filter((k) => k.visible).map(to);
  if (shownPoints.length < 2) return [];
  const xs = shownPoints.map((p) => p.x);
  const ys = shownPoints.map((p) => p.y);
  const size = Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const solids: Solid[] = [];
  for (const [a, b] of ANIMAL_LINES) {
    const [p, q] = [keypoints[a], keypoints[b]];
    if (!p?.visible || !q?.visible) continue;
    const share = `${a}-${b}` === TRUNK ? TRUNK_SHARE : LINE_SHARE;
    solids.push({ kind: 'capsule', a: to(p), b: to(q), radius: Math.max(min, share * size) });
  }
  return solids;
}
