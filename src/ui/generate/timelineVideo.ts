import type { GenerationRequest } from '../../machines/generation.machine';
import { VIDEO_RENDER_LIMITS } from '../../api/contract';
import type { PoseDocument } from '../../pose';
import { exportPoseSequence, type PoseSequence } from '../../pose/motion';
import { createStore } from '../store';

/** Whether the user asked for a video of the editor's timeline instead of still images (not kept across visits). */
export const timelineVideoStore = createStore(false);

/** Whether a document's timeline can be sent as a video: a sequence of more than one frame, within the server's frame limit. */
export function timelineVideoOffered(sequence: PoseSequence | undefined): sequence is PoseSequence {
  return sequence !== undefined && sequence.length > 1 && sequence.tracks.length > 0 && sequence.length <= VIDEO_RENDER_LIMITS.maxFrames;
}

/** The request's frames and frame rate when the user asked for a video of the timeline; nothing otherwise. */
export function timelineVideoRequest(wanted: boolean, sequence: PoseSequence | undefined, canvas: PoseDocument): Pick<GenerationRequest, 'frames' | 'fps'> {
  if (!wanted || !timelineVideoOffered(sequence)) return {};
  return {
    frames: exportPoseSequence(sequence, canvas),
    fps: Math.round(Math.min(Math.max(sequence.fps, VIDEO_RENDER_LIMITS.minFps), VIDEO_RENDER_LIMITS.maxFps)),
  };
}
