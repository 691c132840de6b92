import { movedKeypoint, rotation } from './pointMaps.js';
import type { Keypoint, Vec2 } from './types.js';
import { angleOf, distance } from './geometry.js';

/** A limb's two ends: the parent joint (elbow, knee) and the joint a part hangs from (wrist, ankle), with their depth when they have one. */
export interface LimbEnds {
  parent: Vec2;
  joint: Vec2 & { z?: number | undefined };
}

// A limb shorter than this has no usable direction: the part then only translates.
const MIN_LIMB = 1e-6;

function limbTurn(before: LimbEnds, after: LimbEnds): number {
  if (distance(before.parent, before.joint) < MIN_LIMB || distance(after.parent, after.joint) < MIN_LIMB) return 0;
  return angleOf(after.parent, after.joint) - angleOf(before.parent, before.joint);
}

const same = (a: Vec2, b: Vec2) => a.x === b.x && a.y === b.y;

/** Whether a limb's ends moved between two states. */
export const limbMoved = (before: LimbEnds, after: LimbEnds): boolean => !same(before.parent, after.parent) || !same(before.joint, after.joint);

/** Points carried rigidly by a joint: moved by the joint's move (in depth too) and turned about it by the limb's turn. */
export function carryRigidly(points: readonly Keypoint[], before: LimbEnds, after: LimbEnds): Keypoint[] {
  const turn = rotation(limbTurn(before, after), after.joint);
  const [dx, dy] = [after.joint.x - before.joint.x, after.joint.y - before.joint.y];
  const dz = (after.joint.z ?? 0) - (before.joint.z ?? 0);
  return points.map((p) => {
    const moved = movedKeypoint(p, (q) => turn({ x: q.x + dx, y: q.y + dy }));
    return dz !== 0 ? { ...moved, z: (p.z ?? 0) + dz } : moved;
  });
}
