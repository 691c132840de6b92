import type { JointRef } from '../model/joints';
import { updateFigureInfo } from '../model/entities';
import { pinsOf, type Scene } from '../model/scene';

/** Whether a joint can be pinned: body joints of people, keypoints of animals (not hands or face). */
export const canPin = (joint: JointRef): boolean => joint.part === 'body' || joint.part === 'animal';

/** Whether a joint is pinned. */
export function isPinned(scene: Scene, joint: JointRef): boolean {
  return canPin(joint) && pinsOf(scene, joint.entity).includes(joint.index);
}

/** The scene with the joint's pin set (or removed). */
export function setPinned(scene: Scene, joint: JointRef, pinned: boolean): Scene {
  if (!canPin(joint) || isPinned(scene, joint) === pinned) return scene;
  const own = pinsOf(scene, joint.entity);
  return updateFigureInfo(scene, [joint.entity], () => ({ pins: pinned ? [...own, joint.index] : own.filter((i) => i !== joint.index) }));
}
