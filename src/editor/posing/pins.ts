import type { JointRef } from '../model/joints';
import { pinsOf, type Pins, type Scene } from '../model/scene';

/** Whether a joint can be pinned: body joints of people, keypoints of animals (not hands or face). */
export const canPin = (joint: JointRef): boolean => joint.part === 'body' || joint.part === 'animal';

/** Whether a joint is pinned. */
export function isPinned(scene: Scene, joint: JointRef): boolean {
  return canPin(joint) && pinsOf(scene, joint.entity).includes(joint.index);
}

/** The scene with the joint's pin set (or removed). */
export function setPinned(scene: Scene, joint: JointRef, pinned: boolean): Scene {
  if (!canPin(joint) || isPinned(scene, joint) === pinned) return scene;
  const pins: Pins = scene.pins ?? { people: [], animals: [] };
  const list = joint.entity.kind === 'person' ? pins.people : pins.animals;
  const own = pinsOf(scene, joint.entity);
  const nextOwn = pinned ? [...own, joint.index] : own.filter((i) => i !== joint.index);
  const nextList = Array.from({ length: Math.max(list.length, joint.entity.index + 1) }, (_, i) => (i === joint.entity.index ? nextOwn : list[i] ?? []));
  return { ...scene, pins: joint.entity.kind === 'person' ? { ...pins, people: nextList } : { ...pins, animals: nextList } };
}
