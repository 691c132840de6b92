import { carryRigidly, limbMoved } from './carryRigidly.js';
import { FEET } from './footTopology.js';
import type { Person } from './types.js';

/**
 * The `after` person with each foot (big toe, small toe, heel) carried rigidly by its ankle:
 * moved by the ankle's move and turned about it by the shin's (knee to ankle) turn, as
 * handsFollowWrists does for hands.
 */
export function feetFollowAnkles(before: Person, after: Person): Person {
  const feet = after.feet;
  if (!feet) return after;
  let next = feet;
  for (const foot of FEET) {
    const [kb, ab, ka, aa] = [before.body[foot.knee], before.body[foot.ankle], after.body[foot.knee], after.body[foot.ankle]];
    if (!kb || !ab || !ka || !aa) continue;
    const [limbBefore, limbAfter] = [
      { parent: kb, joint: ab },
      { parent: ka, joint: aa },
    ];
    if (!limbMoved(limbBefore, limbAfter)) continue;
    const points = foot.points.map((i) => next[i]).filter((k) => k !== undefined);
    const moved = carryRigidly(points, limbBefore, limbAfter);
    next = next.map((k, i) => moved[(foot.points as readonly number[]).indexOf(i)] ?? k);
  }
  return next === feet ? after : { ...after, feet: next };
}
