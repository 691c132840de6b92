import { along3, dot3, length3, minus3, pointIn3d, withPlausibleDepth, type Vec3 } from '../../pose';
import { updateEntities } from '../model/entities';
import type { JointRef } from '../model/joints';
import { isLocked, pinsOf, type Scene } from '../model/scene';
import { figurePerson, personFigure, type Figure } from './figure';
import { pushJoint, translateJoints3d } from './foreshorten';
import { cutAtPins, withPins, type RestorePins } from './pose';
import { chainDownTo, skeletonOf, subtree, type Skeleton } from './skeleton';
import { REACH_TOLERANCE } from './solve';

/** Document pixels of depth per pixel of a push drag (up is toward the viewer). */
export const PUSH_PER_PX = 1;

/** Whether a joint can be pushed in depth: a body joint of an unlocked person that is not pinned. */
export function canPush(scene: Scene, joint: JointRef): boolean {
  return (
    joint.entity.kind === 'person' &&
    joint.part === 'body' &&
    !!scene.pose.people[joint.entity.index]?.body[joint.index] &&
    !isLocked(scene, joint.entity) &&
    !pinsOf(scene, joint.entity).includes(joint.index)
  );
}

// Moves a joint to `to` in 3D with what hangs from it, except the joints in `stay`.
function moveJoint3d(figure: Figure, skeleton: Skeleton, joint: number, to: Vec3, stay: readonly number[] = []): void {
  const joints = subtree(skeleton, joint).filter((j) => !stay.includes(j));
  translateJoints3d(figure, joints, minus3(to, pointIn3d(figure.body[joint]!)));
}

// Any unit vector square to the unit `axis`: the middle joint's side when it lies on the axis itself.
const squareTo = (axis: Vec3): Vec3 => {
  const [x, y, z] = Math.abs(axis.z) < 0.9 ? [-axis.y, axis.x, 0] : [0, -axis.z, axis.y];
  const n = Math.hypot(x, y, z);
  return { x: x / n, y: y / n, z: z / n };
};

/**
 * Puts the end of a 1- or 2-bone chain on `target` in 3D, every 3D bone length kept: a 1-bone
 * chain only when its bone already reaches that far; a 2-bone chain's middle joint goes to the
 * nearest point of the circle it can lie on (the two bones' spheres meeting). False when out of reach.
 */
function reach3d(figure: Figure, skeleton: Skeleton, chain: readonly number[], target: Vec3): boolean {
  const body = figure.body;
  const root = pointIn3d(body[chain[0]!]!);
  const end = chain[chain.length - 1]!;
  const toTarget = minus3(target, root);
  const d = length3(toTarget);
  if (chain.length === 2 && Math.abs(d - length3(minus3(pointIn3d(body[end]!), root))) > REACH_TOLERANCE) return false;
  if (chain.length === 3) {
    const mid = pointIn3d(body[chain[1]!]!);
    const [a, b] = [length3(minus3(mid, root)), length3(minus3(pointIn3d(body[end]!), mid))];
    if (d <= REACH_TOLERANCE || d < Math.abs(a - b) - REACH_TOLERANCE || d > a + b + REACH_TOLERANCE) return false;
    const axis = along3({ x: 0, y: 0, z: 0 }, toTarget, 1 / d);
    const share = (a * a - b * b + d * d) / (2 * d);
    const centre = along3(root, axis, share);
    const off = minus3(mid, centre);
    const side = along3(off, axis, -dot3(off, axis));
    const n = length3(side);
    const out = n > REACH_TOLERANCE ? along3({ x: 0, y: 0, z: 0 }, side, 1 / n) : squareTo(axis);
    moveJoint3d(figure, skeleton, chain[1]!, along3(centre, out, Math.sqrt(Math.max(0, a * a - share * share))), subtree(skeleton, end));
  }
  moveJoint3d(figure, skeleton, end, target);
  return true;
}

/** Puts back in 3D (x, y and depth) each pinned joint that moved, by the chain above it; false if that cannot be done. */
export const restorePins3d: RestorePins = (before, after, skeleton, pins) => {
  const moved = (p: number) => !!before.body[p] && !!after.body[p] && length3(minus3(pointIn3d(before.body[p]), pointIn3d(after.body[p]))) > REACH_TOLERANCE;
  for (const p of pins) {
    if (!moved(p)) continue;
    const chain = chainDownTo(skeleton, p);
    const cut = chain && cutAtPins(chain, pins);
    if (!cut || cut.length < 2 || !reach3d(after, skeleton, cut, pointIn3d(before.body[p]!))) return false;
  }
  return !pins.some(moved);
};

/**
 * The scene with a body joint pushed toward (dz > 0) or away from the viewer, its bone keeping its
 * 3D length so the drawing foreshortens, what hangs from it moving with it in 3D. A person without
 * depth first gets a plausible one. Pinned joints stay where they are in 3D: the chain above a
 * pinned joint bends to keep it (an elbow swings about the shoulder-to-wrist line), and the push
 * goes only as far as that allows. Anything that cannot be pushed gives the same scene.
 */
export function pushJointInScene(scene: Scene, joint: JointRef, dz: number): Scene {
  if (dz === 0 || !canPush(scene, joint)) return scene;
  return updateEntities(scene, [joint.entity], {
    person: (person) => {
      const skeleton = skeletonOf('person');
      const figure = personFigure(withPlausibleDepth(person));
      const pushed = withPins(figure, skeleton, pinsOf(scene, joint.entity), (f, t) => pushJoint(f, skeleton, joint.index, dz * t), restorePins3d);
      // Pins that allow no push at all leave the person as it was, without the plausible depth.
      return pushed === figure ? person : figurePerson(pushed, person);
    },
  });
}
