import { exportPoseBvh, exportSequenceBvh, importBvh } from '../../../pose/bvh';
import type { PoseProblem } from '../../../pose';
import { createScene, type Scene } from '../../../editor/model/scene';
import { sceneAtFrame } from '../../../editor/model/sequenceScene';

/** Largest BVH file the editor reads: a long 120 fps capture of a rig with fingers fits. */
export const MAX_BVH_FILE_BYTES = 64 * 1024 * 1024;

/** A BVH file read for the editor: the scene with its motion on the timeline and what was taken, or the problem. */
export type BvhReadResult =
  { ok: true; scene: Scene; frames: number; fps: number; sourceFrames: number; sourceFps: number } | { ok: false; problem: PoseProblem };

/** Reads BVH text onto the document's canvas: the pose's figures give way to the motion's one person, the canvas and reference stay. */
export function readBvhText(text: string, current: Scene): BvhReadResult {
  if (text.length > MAX_BVH_FILE_BYTES) return { ok: false, problem: { code: 'fileTooLarge', values: { bytes: text.length, maxBytes: MAX_BVH_FILE_BYTES } } };
  const { pose, reference } = current;
  const read = importBvh(text, { width: pose.canvas_width, height: pose.canvas_height });
  if (!read.ok) return read;
  const scene = sceneAtFrame(createScene({ ...pose, people: [], animals: [] }, reference, read.sequence), 0);
  const sourceFrames = read.sourceFrames.length > 0 ? read.sourceFrames[read.sourceFrames.length - 1]! - read.sourceFrames[0]! + 1 : 0;
  return { ok: true, scene, frames: read.sequence.length, fps: read.sequence.fps, sourceFrames, sourceFps: Math.round(read.sourceFps * 100) / 100 };
}

/** The BVH text of a scene: its sequence's first person through every frame, or its pose's first person. */
export function bvhOfScene(scene: Scene): string {
  return scene.sequence ? exportSequenceBvh(scene.sequence, scene.pose).text : exportPoseBvh(scene.pose).text;
}
