import { carryKeys, deleteKeysAt, keyAllAt, keyAt, keyFrames, sequenceFromPose, setEaseAt, withFps, withLength, type PoseSequence } from '../../pose/motion';
import type { Scene } from './scene';

/** The scene's sequence, or the pose held through a sequence of the default length when the timeline was never used. */
export function sequenceOf(scene: Scene): PoseSequence {
  return scene.sequence ?? sequenceFromPose(scene.pose);
}

const change = (scene: Scene, next: PoseSequence): Scene => (next === scene.sequence ? scene : { ...scene, sequence: next });

/** The scene with every figure shown keyed at a frame as it is shown now. */
export const addKeysAt = (scene: Scene, frame: number): Scene => change(scene, keyAllAt(sequenceOf(scene), frame, scene.pose));

/** The scene without its keys at a frame (a figure keeps its only key). */
export const removeKeysAt = (scene: Scene, frame: number): Scene => change(scene, deleteKeysAt(sequenceOf(scene), frame));

/** The scene with its keys at `from` moved to `to`. */
export const moveKeys = (scene: Scene, from: number, to: number): Scene => change(scene, carryKeys(sequenceOf(scene), from, to, false));

/** The scene with its keys at `from` copied to `to`. */
export const copyKeys = (scene: Scene, from: number, to: number): Scene => change(scene, carryKeys(sequenceOf(scene), from, to, true));

/** The scene with its keys at a frame easing in and out as given. */
export const easeKeys = (scene: Scene, frame: number, ease: { easeIn: boolean; easeOut: boolean }): Scene =>
  change(scene, setEaseAt(sequenceOf(scene), frame, ease));

/** The scene at another frame rate. */
export const setFps = (scene: Scene, fps: number): Scene => change(scene, withFps(sequenceOf(scene), fps));

/** The scene at another length in frames. */
export const setLength = (scene: Scene, length: number): Scene => change(scene, withLength(sequenceOf(scene), length));

/** Whether some figure has a key at a frame. */
export const hasKeyAt = (scene: Scene, frame: number): boolean => sequenceOf(scene).tracks.some((t) => keyAt(t, frame) !== undefined);

/** The nearest key frame before (`-1`) or after (`1`) a frame, or undefined. */
export function neighbourKey(scene: Scene, frame: number, direction: -1 | 1): number | undefined {
  const frames = keyFrames(sequenceOf(scene));
  return direction < 0 ? frames.filter((f) => f < frame).pop() : frames.find((f) => f > frame);
}
