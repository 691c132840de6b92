import { z } from 'zod';
import { SAMPLING_BOUNDS, VIDEO_RENDER_LIMITS } from '../../../../src/api/contract.js';
import { describeIssues } from '../../../../src/api/schemas.js';
import { RENDER_PROFILES, type RenderProfile } from '../../../../src/pose/index.js';
import type { VideoSpec } from '../videoGraph.js';
import { NAMED_INPUTS, type ComfyWorkflow, type InputRef, type NamedInput, type WorkflowTemplate } from '../workflow.js';

/** The frames a video sidecar takes when it does not say: the 81 Wan 2.x models make. */
const DEFAULT_VIDEO_FRAMES = 81;
/** Output nodes whose history entry lists an MP4 or WebM (SaveVideo and SaveWEBM under `images`, VHS_VideoCombine under `gifs`). */
const VIDEO_OUTPUTS = ['SaveVideo', 'SaveWEBM', 'VHS_VideoCombine'];
/** Output nodes that write an animated image, which the history keeps no player for. */
const ANIMATED_IMAGE_OUTPUTS = ['SaveAnimatedWEBP', 'SaveAnimatedPNG'];

const inputRef = z.strictObject({ node: z.string().min(1).max(64), input: z.string().min(1).max(128) });
/** One place, or several (a seed used by two samplers). */
const refs = z.union([inputRef, z.array(inputRef).min(1).max(8)]).transform((r) => (Array.isArray(r) ? r : [r]));
const bounded = (range: { min: number; max: number }) => z.number().min(range.min).max(range.max);

/** A video workflow's frames: how many it takes, its length rule, and where the frame count and rate go. */
const videoSchema = z.strictObject({
  max_frames: z.number().int().min(1).max(VIDEO_RENDER_LIMITS.maxFrames).default(DEFAULT_VIDEO_FRAMES),
  length_step: z.number().int().min(1).max(16).default(1),
  frame_count: refs.optional(),
  frame_rate: refs.optional(),
});

/**
 * `<name>.posecraft.json`, beside the API-format workflow `<name>.json`: where the job's values go
 * (pose_image and prompt required), the output node (the first SaveImage when left out; for a
 * video workflow, the first node writing a video), how the control image is drawn, the sampling
 * defaults (the workflow's own values when left out), and `video` for a workflow that makes a
 * video of a pose sequence.
 */
const sidecarSchema = z.strictObject({
  label: z.string().trim().min(1).max(80).optional(),
  render_profile: z.enum(RENDER_PROFILES as [RenderProfile, ...RenderProfile[]]).optional(),
  min_long_side: z.number().int().min(0).max(2048).optional(),
  inputs: z.strictObject({
    pose_image: refs,
    prompt: refs,
    ...Object.fromEntries(NAMED_INPUTS.filter((n) => n !== 'pose_image' && n !== 'prompt').map((n) => [n, refs.optional()])),
  } as Record<'pose_image' | 'prompt', typeof refs> & Record<Exclude<NamedInput, 'pose_image' | 'prompt'>, z.ZodOptional<typeof refs>>),
  output: z.string().min(1).max(64).optional(),
  video: videoSchema.optional(),
  defaults: z
    .strictObject({
      steps: bounded(SAMPLING_BOUNDS.steps).int().optional(),
      cfg: bounded(SAMPLING_BOUNDS.cfg).optional(),
      strength: bounded(SAMPLING_BOUNDS.strength).optional(),
    })
    .optional(),
});
/** A sidecar as read: each value's places as a list. */
export type Sidecar = z.output<typeof sidecarSchema>;

/** A sidecar read and checked against its workflow (with how a video workflow takes its frames), or why not. */
export type ReadSidecar = { ok: true; sidecar: Sidecar; template: WorkflowTemplate; video?: VideoSpec } | { ok: false; error: string };

/** Checks that a parsed JSON value is an API-format workflow: node ids to {class_type, inputs}. */
export function checkApiWorkflow(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not a JSON object of nodes';
  if ('nodes' in value && 'links' in value) return 'is in ComfyUI\'s UI format; export it with "Save (API Format)"';
  const entries = Object.entries(value);
  if (!entries.length) return 'has no nodes';
  for (const [id, node] of entries) {
    const n = node as { class_type?: unknown; inputs?: unknown } | null;
    if (typeof n?.class_type !== 'string' || typeof n.inputs !== 'object' || n.inputs === null)
      return `node ${id} has no class_type and inputs: not an API-format workflow`;
  }
  return null;
}

function checkRef(graph: ComfyWorkflow, name: string, { node, input }: InputRef): string | null {
  const target = graph[node];
  if (!target) return `${name} names node ${node}, which the workflow does not have`;
  if (!(input in target.inputs)) return `${name} names input "${input}" of node ${node} (${target.class_type}), which that node does not have`;
  return null;
}

/** Reads a sidecar's JSON against its workflow: every named node and input must exist there. */
export function readSidecar(value: unknown, graph: ComfyWorkflow): ReadSidecar {
  const parsed = sidecarSchema.safeParse(value, { reportInput: true });
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error.issues) };
  const sidecar = parsed.data;
  const inputs = sidecar.inputs as Partial<Record<NamedInput, InputRef[]>>;
  for (const [name, list] of Object.entries(inputs)) {
    for (const ref of list ?? []) {
      const error = checkRef(graph, `inputs.${name}`, ref);
      if (error) return { ok: false, error };
    }
  }
  if (!sidecar.video) return imageOutput(sidecar, graph, inputs);
  return readVideo(sidecar, sidecar.video, graph, inputs);
}

function imageOutput(sidecar: Sidecar, graph: ComfyWorkflow, inputs: WorkflowTemplate['inputs']): ReadSidecar {
  const output = sidecar.output ?? Object.entries(graph).find(([, n]) => n.class_type === 'SaveImage')?.[0];
  if (!output) return { ok: false, error: 'the workflow has no SaveImage node; name the node whose images are the outputs in "output"' };
  if (!graph[output]) return { ok: false, error: `output names node ${output}, which the workflow does not have` };
  return { ok: true, sidecar, template: { graph, inputs, output } };
}

/**
 * A video sidecar: the pose image is one LoadImage (each frame gets its own, joined by ImageBatch),
 * the output a node that writes an MP4 or WebM, and the frame count and rate inputs exist.
 */
function readVideo(sidecar: Sidecar, video: NonNullable<Sidecar['video']>, graph: ComfyWorkflow, inputs: WorkflowTemplate['inputs']): ReadSidecar {
  const pose = inputs.pose_image ?? [];
  if (pose.length !== 1 || graph[pose[0]!.node]?.class_type !== 'LoadImage' || pose[0]!.input !== 'image')
    return {
      ok: false,
      error: "inputs.pose_image of a video workflow names one LoadImage node's image input: each frame gets its own LoadImage, joined by ImageBatch",
    };
  for (const [name, list] of [
    ['video.frame_count', video.frame_count],
    ['video.frame_rate', video.frame_rate],
  ] as const) {
    for (const ref of list ?? []) {
      const error = checkRef(graph, name, ref);
      if (error) return { ok: false, error };
    }
  }
  const output = sidecar.output ?? Object.entries(graph).find(([, n]) => VIDEO_OUTPUTS.includes(n.class_type))?.[0];
  if (!output) return { ok: false, error: `the workflow has no ${VIDEO_OUTPUTS.join(', ')} node; name the node that writes the video in "output"` };
  const kind = graph[output]?.class_type;
  if (!kind) return { ok: false, error: `output names node ${output}, which the workflow does not have` };
  if (ANIMATED_IMAGE_OUTPUTS.includes(kind))
    return {
      ok: false,
      error: `output node ${output} (${kind}) writes an animated image; the history keeps MP4 or WebM videos: use ${VIDEO_OUTPUTS.join(', ')}`,
    };
  const spec: VideoSpec = {
    maxFrames: video.max_frames,
    lengthStep: video.length_step,
    frameCount: video.frame_count ?? [],
    frameRate: video.frame_rate ?? [],
  };
  return { ok: true, sidecar, template: { graph, inputs, output }, video: spec };
}
