import type { GenerationRequest } from '../../machines/generation.machine';
import { VIDEO_RENDER_LIMITS } from '../../api/contract';
import type { WorkflowProfileInfo, WorkflowsResponse } from '../../api/schemas';
import type { PoseDocument } from '../../pose';
import { exportPoseSequence, type PoseSequence } from '../../pose/motion';
import { createStore } from '../store';
import { videoProfile } from './useWorkflows';

/** Whether the user asked for a video of the editor's timeline instead of still images (not kept across visits). */
export const timelineVideoStore = createStore(false);

/** The video profile the user chose among several (null: the first the server offers). */
export const videoProfileChoiceStore = createStore<string | null>(null);

/** Who makes a video of the timeline on this server: the mannequin, a ComfyUI video profile, or nobody (and why). */
export type VideoMaker =
  | { kind: 'mannequin'; maxFrames: number }
  | { kind: 'profile'; profile: WorkflowProfileInfo; maxFrames: number }
  | { kind: 'none'; unavailable: WorkflowProfileInfo | null };

/** The server's video maker: ComfyUI servers need an available video profile (the one chosen, else the first); the mannequin always makes videos. */
export function videoMaker(workflows: WorkflowsResponse | null, chosen: string | null = videoProfileChoiceStore.get()): VideoMaker {
  if (workflows?.engine !== 'comfyui') return { kind: 'mannequin', maxFrames: VIDEO_RENDER_LIMITS.maxFrames };
  const profile = videoProfile(workflows, chosen);
  if (profile?.video) return { kind: 'profile', profile, maxFrames: Math.min(profile.video.max_frames, VIDEO_RENDER_LIMITS.maxFrames) };
  return { kind: 'none', unavailable: workflows.workflows.find((w) => w.video) ?? null };
}

/** Whether a document's timeline can be sent as a video: a sequence of more than one frame with someone in it. */
export function hasTimeline(sequence: PoseSequence | undefined): sequence is PoseSequence {
  return sequence !== undefined && sequence.length > 1 && sequence.tracks.length > 0;
}

/**
 * The request's frames, frame rate and (ComfyUI) video profile when the user asked for a video of the timeline and the
 * server can make it; null otherwise (then the prompt makes images).
 */
export function timelineVideoRequest(
  wanted: boolean,
  sequence: PoseSequence | undefined,
  canvas: PoseDocument,
  maker: VideoMaker,
): Pick<GenerationRequest, 'frames' | 'fps' | 'workflow'> | null {
  if (!wanted || !hasTimeline(sequence) || maker.kind === 'none' || sequence.length > maker.maxFrames) return null;
  const fps = Math.round(Math.min(Math.max(sequence.fps, VIDEO_RENDER_LIMITS.minFps), VIDEO_RENDER_LIMITS.maxFps));
  return { frames: exportPoseSequence(sequence, canvas), fps, ...(maker.kind === 'profile' ? { workflow: maker.profile.id } : {}) };
}
