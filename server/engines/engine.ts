import type { EngineName, PersonPrompt } from '../../src/api/schemas.js';
import type { OpenPoseJson, PoseDocument } from '../../src/pose/index.js';
import type { RenderTask } from '../render/renderTypes.js';

/** What an engine is asked to make. */
export interface EngineJob {
  id: string;
  prompt: string;
  negativePrompt: string;
  width: number;
  height: number;
  gNumber: number;
  seed: number;
  pose: PoseDocument;
  /** The same pose as people JSON, as render tasks take it. */
  poseJson: OpenPoseJson;
  /** The workflow profile and sampling settings asked (ComfyUI); what is left out takes the profile's defaults. */
  sampling?: { workflow?: string; steps?: number; cfg?: number; strength?: number; depth?: boolean; depthStrength?: number };
  /** Prompts of single people (by their place in pose.people), each for the region around that person. */
  personPrompts?: PersonPrompt[] | undefined;
}

/** A video job: its size and seed, its prompts and sampling (for a model's video), and its pose sequence (POSE_KEYPOINT frames on one canvas) at a frame rate. */
export type VideoJob = Pick<EngineJob, 'id' | 'width' | 'height' | 'seed'> &
  Partial<Pick<EngineJob, 'prompt' | 'negativePrompt' | 'sampling'>> & { frames: OpenPoseJson[]; fps: number };

/** One PNG exactly width x height. */
export interface EngineImage {
  png: Buffer;
  width: number;
  height: number;
}

/** A video a pose sequence was rendered to. */
export interface EngineVideo {
  video: Buffer;
  contentType: 'video/mp4' | 'video/webm';
  width: number;
  height: number;
}

/** How the worker follows and cancels a run. */
export interface RunOptions {
  /** Progress from 0 to 1. */
  onProgress(fraction: number): void;
  /** A small JPEG of the images as they form (ComfyUI's sampling previews), a few a second at most. */
  onPreview?(jpeg: Buffer): void;
  /** Aborted when the job is stopped, the server shuts down or the lease is lost; run then rejects. */
  signal: AbortSignal;
  /** Draws one image in the render process, within the per-image time limit; a stop kills the drawing at once. */
  render(task: RenderTask): Promise<Buffer>;
}

/** What an engine's server says of itself: its version, and whether it sends the previews it is asked for per prompt. */
export interface EngineServerInfo {
  version: string | null;
  previews: boolean;
}

/** Something that turns a pose and a prompt into images. */
export interface Engine {
  readonly name: EngineName;
  /** Where it runs, for logs (e.g. the ComfyUI URL). */
  readonly label: string;
  run(job: EngineJob, options: RunOptions): Promise<EngineImage[]>;
  /** Renders a pose sequence to one video (engines that make videos). */
  runVideo?(job: VideoJob, options: RunOptions): Promise<EngineVideo>;
  /** Whether the server behind it answers again, after it threw EngineUnavailable (engines on a remote server). */
  available?(): Promise<boolean>;
  /** Its server's version and abilities as last read (asked again when stale), null before it ever answered (engines on a remote server). */
  serverInfo?(): Promise<EngineServerInfo | null>;
}

/**
 * A failure whose message, in our own plain words, is written to the job for the user to read;
 * the engine's own text, if any, is the detail, which goes to the server log only.
 */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/**
 * The engine's server does not answer (refused, reset, gone mid-job): not the job's fault, so the
 * job goes back to the queue and the engine leaves rotation until available() says it is back.
 */
export class EngineUnavailable extends EngineError {}

/** Rejects with the signal's reason if it has been aborted. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error(`aborted: ${String(signal.reason)}`);
}
