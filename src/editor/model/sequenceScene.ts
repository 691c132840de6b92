import { clampFrame, poseAtFrame, recordPoseEdit, sequenceFromPose } from '../../pose/motion';
import type { Scene } from './scene';

/**
 * The scene after an edit made while the timeline stands at `frame`, its sequence and its pose
 * agreeing: a timeline edit (a new sequence) shows its pose at the frame; a pose edit on a frame of a
 * sequence keys every changed figure there (a pose with no sequence yet becomes one when edited away
 * from frame 0). A scene that never had a sequence and is edited at frame 0 is left as it is.
 */
export function sceneAfterEdit(before: Scene, next: Scene, frame: number): Scene {
  if (next.sequence !== before.sequence) return next.sequence ? sceneAtFrame(next, frame) : next;
  if (next.pose === before.pose || (!before.sequence && frame === 0)) return next;
  const sequence = before.sequence ?? sequenceFromPose(before.pose);
  return { ...next, sequence: recordPoseEdit(sequence, clampFrame(sequence, frame), before.pose, next.pose) };
}

/** The scene showing its sequence's pose at a frame (unchanged without a sequence). */
export function sceneAtFrame(scene: Scene, frame: number): Scene {
  if (!scene.sequence) return scene;
  return { ...scene, pose: poseAtFrame(scene.sequence, scene.pose, clampFrame(scene.sequence, frame)) };
}
