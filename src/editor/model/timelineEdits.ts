import {
  carryKeys,
  deleteKeysAt,
  keyAllAt,
  keyAt,
  keyFrames,
  sequenceFromPose,
  setEaseAt,
  withFps,
  withLength,
  type KeyScope,
  type PoseSequence,
} from '../../pose/motion';
import { entityId, type EntityRef, type Scene } from './scene';
import type { Selection } from './selection';

/** The scene's sequence, or the pose held through a sequence of the default length when the timeline was never used. */
export function sequenceOf(scene: Scene): PoseSequence {
  return scene.sequence ?? sequenceFromPose(scene.pose);
}

const change = (scene: Scene, next: PoseSequence): Scene => (next === scene.sequence ? scene : { ...scene, sequence: next });

/**
 * The figures key edits act on: the selected ones (a selected joint's figure too), or null, every
 * figure, when nothing is selected.
 */
export function keyScope(scene: Scene, selection: Selection): KeyScope {
  const refs: EntityRef[] = [...selection.entities, ...(selection.joint ? [selection.joint.entity] : [])];
  const ids = refs.map((ref) => entityId(scene, ref)).filter((id) => id !== undefined);
  return ids.length ? new Set(ids) : null;
}

/** The scene with every figure shown (of the scope) keyed at a frame as it is shown now. */
export const addKeysAt = (scene: Scene, frame: number, scope: KeyScope = null): Scene => change(scene, keyAllAt(sequenceOf(scene), frame, scene.pose, scope));

/** The scene without its keys (of the scope's figures) at a frame (a figure keeps its only key). */
export const removeKeysAt = (scene: Scene, frame: number, scope: KeyScope = null): Scene => change(scene, deleteKeysAt(sequenceOf(scene), frame, scope));

/** The scene with its keys (of the scope's figures) at `from` moved to `to`. */
export const moveKeys = (scene: Scene, from: number, to: number, scope: KeyScope = null): Scene =>
  change(scene, carryKeys(sequenceOf(scene), from, to, false, scope));

/** The scene with its keys (of the scope's figures) at `from` copied to `to`. */
export const copyKeys = (scene: Scene, from: number, to: number, scope: KeyScope = null): Scene =>
  change(scene, carryKeys(sequenceOf(scene), from, to, true, scope));

/** The scene with its keys (of the scope's figures) at a frame easing in and out as given. */
export const easeKeys = (scene: Scene, frame: number, ease: { easeIn: boolean; easeOut: boolean }, scope: KeyScope = null): Scene =>
  change(scene, setEaseAt(sequenceOf(scene), frame, ease, scope));

/** The scene at another frame rate. */
export const setFps = (scene: Scene, fps: number): Scene => change(scene, withFps(sequenceOf(scene), fps));

/** The scene at another length in frames. */
export const setLength = (scene: Scene, length: number): Scene => change(scene, withLength(sequenceOf(scene), length));

/** Whether some figure (of the scope) has a key at a frame. */
export const hasKeyAt = (scene: Scene, frame: number, scope: KeyScope = null): boolean =>
  sequenceOf(scene).tracks.some((t) => (scope === null || scope.has(t.id)) && keyAt(t, frame) !== undefined);

/** The nearest key frame before (`-1`) or after (`1`) a frame, or undefined. */
export function neighbourKey(scene: Scene, frame: number, direction: -1 | 1): number | undefined {
  const frames = keyFrames(sequenceOf(scene));
  return direction < 0 ? frames.filter((f) => f < frame).pop() : frames.find((f) => f > frame);
}
