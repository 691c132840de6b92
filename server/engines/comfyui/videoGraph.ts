import type { ComfyWorkflow, InputRef, WorkflowTemplate } from './workflow.js';

/** How a video workflow takes a pose sequence: its frame limit, length rule, and where the count and rate go. */
export interface VideoSpec {
  /** The most frames it takes. */
  maxFrames: number;
  /** The model makes `lengthStep * k + 1` frames (Wan: 4); 1 takes any count. */
  lengthStep: number;
  /** Where the frame count goes (e.g. Wan22FunControlToVideo's `length`). */
  frameCount: InputRef[];
  /** Where the frame rate goes (e.g. CreateVideo's `fps`, VHS_VideoCombine's `frame_rate`). */
  frameRate: InputRef[];
  /** The frame rate the model was trained at, which the page resamples a sequence to; absent: the sequence's own. */
  fps?: number | undefined;
  /** The step a frame's sides go in (Wan: 16); absent: any. */
  sizeStep?: number | undefined;
  /** What a built-in graph changes once filled (Wan splits its steps between its two experts). */
  finish?: (graph: ComfyWorkflow) => ComfyWorkflow;
}

/** The frame count a video of `frames` poses is made with: raised to the next `lengthStep * k + 1`. */
export function videoLength(frames: number, lengthStep: number): number {
  return lengthStep <= 1 ? frames : Math.ceil((frames - 1) / lengthStep) * lengthStep + 1;
}

const isLinkTo = (value: unknown, node: string) => Array.isArray(value) && value.length === 2 && value[0] === node && value[1] === 0;

/**
 * The filled graph with its control frames: ComfyUI's LoadImage loads one image, so the template's
 * pose LoadImage is replaced by one LoadImage an uploaded frame, joined in order by core ImageBatch
 * nodes, and every input that read the pose LoadImage's image reads the joined batch instead. A
 * sequence shorter than the length the model makes is held on its last pose. The frame count and
 * rate go where the spec names them.
 */
export function videoGraph(template: WorkflowTemplate, spec: VideoSpec, filled: ComfyWorkflow, uploaded: string[], fps: number): ComfyWorkflow {
  const loader = template.inputs.pose_image![0]!.node;
  const graph = structuredClone(filled);
  delete graph[loader];
  const length = videoLength(uploaded.length, spec.lengthStep);
  let last: [string, number] = ['posecraft_frame_0', 0];
  for (let i = 0; i < length; i++) {
    graph[`posecraft_frame_${i}`] = { class_type: 'LoadImage', inputs: { image: uploaded[Math.min(i, uploaded.length - 1)] } };
    if (i === 0) continue;
    graph[`posecraft_batch_${i}`] = { class_type: 'ImageBatch', inputs: { image1: last, image2: [`posecraft_frame_${i}`, 0] } };
    last = [`posecraft_batch_${i}`, 0];
  }
  for (const node of Object.values(graph)) {
    for (const [input, value] of Object.entries(node.inputs)) if (isLinkTo(value, loader)) node.inputs[input] = last;
  }
  for (const { node, input } of spec.frameCount) graph[node]!.inputs[input] = length;
  for (const { node, input } of spec.frameRate) graph[node]!.inputs[input] = fps;
  return spec.finish ? spec.finish(graph) : graph;
}
