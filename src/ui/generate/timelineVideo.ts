import type { GenerationRequest } from '../../machines/generation.machine';
import { VIDEO_RENDER_LIMITS } from '../../api/contract';
import type { WorkflowProfileInfo, WorkflowsResponse } from '../../api/schemas';
import type { PoseDocument } from '../../pose';
import { exportPoseSequence, fitFrameSize, fitSequenceLength, type FittedLength, type LengthFit, type LengthRule, type PoseSequence } from '../../pose/motion';
import { createStore } from '../store';
import { videoProfile } from './useWorkflows';

/** Whether the user asked for a video of the editor's timeline instead of still images (not kept across visits). */
export const timelineVideoStore = createStore(false);

/** How a timeline of a length the video maker does not make is fitted: extended by holding its last frame (default) or trimmed at its end. */
export const lengthFitStore = createStore<LengthFit>('extend');

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

/** The length rule the video maker holds a timeline to: its lengths, rate and most frames (the mannequin: any length at the timeline's rate). */
export function lengthRuleOf(maker: Exclude<VideoMaker, { kind: 'none' }>, sequence: PoseSequence): LengthRule {
  const video = maker.kind === 'profile' ? maker.profile.video : undefined;
  return { step: video?.length_step ?? 1, offset: video?.length_offset ?? 1, fps: video?.fps ?? clampFps(sequence.fps), maxFrames: maker.maxFrames };
}

const clampFps = (fps: number) => Math.round(Math.min(Math.max(fps, VIDEO_RENDER_LIMITS.minFps), VIDEO_RENDER_LIMITS.maxFps));

/** What the video will be made of, said before generating: the fitted frames, their rate, and the frame size in the maker's side steps. */
export interface VideoPlan {
  fitted: FittedLength;
  rule: LengthRule;
  size: { width: number; height: number; step: number } | null;
}

/** The plan for a timeline on a video maker, fitted as the user chose; null where no video can be made. */
export function videoPlan(sequence: PoseSequence | undefined, canvas: PoseDocument, maker: VideoMaker, fit: LengthFit): VideoPlan | null {
  if (!hasTimeline(sequence) || maker.kind === 'none') return null;
  const rule = lengthRuleOf(maker, sequence);
  const step = maker.kind === 'profile' ? maker.profile.video?.size_step : undefined;
  const size = step ? { ...fitFrameSize(canvas.canvas_width, canvas.canvas_height, { step }), step } : null;
  return { fitted: fitSequenceLength(sequence.length, sequence.fps, rule, fit), rule, size };
}

/**
 * The request's frames (fitted as the plan says), frame rate, size where the maker has side steps
 * and (ComfyUI) video profile when the user asked for a video of the timeline and the server can make
 * it; null otherwise (then the prompt makes images).
 */
export function timelineVideoRequest(
  wanted: boolean,
  sequence: PoseSequence | undefined,
  canvas: PoseDocument,
  maker: VideoMaker,
  fit: LengthFit = lengthFitStore.get(),
): (Pick<GenerationRequest, 'frames' | 'fps' | 'workflow'> & { size?: { width: number; height: number } }) | null {
  const plan = wanted ? videoPlan(sequence, canvas, maker, fit) : null;
  if (!plan || !sequence || maker.kind === 'none') return null;
  const all = exportPoseSequence(sequence, canvas);
  const frames = plan.fitted.frames.map((i) => all[Math.min(i, all.length - 1)]!);
  return {
    frames,
    fps: plan.rule.fps,
    ...(maker.kind === 'profile' ? { workflow: maker.profile.id } : {}),
    ...(plan.size ? { size: { width: plan.size.width, height: plan.size.height } } : {}),
  };
}
