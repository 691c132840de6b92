import { reflectAcross, type BendSide, type Keypoint } from '../../pose';
import { getEntity, isLocked, type Scene } from '../model/scene';
import type { JointRef } from '../model/joints';
import { poseEntities } from './entityPose';
import { skeletonOf } from './skeleton';
import { bendOf, bendSide } from './solve';

/** The 2-bone chain (arm, leg; an animal's leg) whose middle joint (elbow, knee) this joint is, if any. */
export function bendChainOf(joint: JointRef): readonly number[] | undefined {
  if (joint.part !== 'body' && joint.part !== 'animal') return undefined;
  return skeletonOf(joint.entity.kind).chains.find((c) => c.length === 3 && c[1] === joint.index);
}

/** Whether Flip bend applies to a joint: the elbow or knee of an unlocked figure. */
export function canFlipBend(scene: Scene, joint: JointRef): boolean {
  return !!bendChainOf(joint) && !!getEntity(scene, joint.entity) && !isLocked(scene, joint.entity);
}

/**
 * The scene with an elbow's or knee's limb bent the other way: the figure's record keeps the new
 * side, and a limb drawn bending the old way has its middle joint mirrored across the line from
 * its root to its end (both bones keep their lengths, in 3D too: its depth stays). A limb drawn
 * straight, or leaning the new way already, only changes the side it bends to when posed.
 */
export function flipBend(scene: Scene, joint: JointRef): Scene {
  const chain = bendChainOf(joint);
  if (!chain || !canFlipBend(scene, joint)) return scene;
  return poseEntities(scene, [joint.entity], (figure, skeleton) => {
    const [root, mid, end] = chain.map((j) => figure.body[j]!) as [Keypoint, Keypoint, Keypoint];
    const side = -bendSide(figure, skeleton, chain) as BendSide;
    const length = Math.hypot(end.x - root.x, end.y - root.y);
    if (bendOf(figure.body, chain) === -side && length > 0) {
      const mirrored = reflectAcross(mid, { origin: root, direction: { x: (end.x - root.x) / length, y: (end.y - root.y) / length } });
      Object.assign(mid, { x: mirrored.x, y: mirrored.y });
    }
    figure.bends[chain[2]!] = side;
    return { ...figure };
  });
}
