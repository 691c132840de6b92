/** One node of ComfyUI's API-format prompt: its class and inputs ([nodeId, outputIndex] links or values). */
export interface ComfyNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title: string };
}
export type ComfyWorkflow = Record<string, ComfyNode>;

/** The values a job puts into a workflow. */
export const NAMED_INPUTS = [
  'pose_image',
  'prompt',
  'negative_prompt',
  'width',
  'height',
  'seed',
  'batch_size',
  'steps',
  'cfg',
  'strength',
  'depth_image',
  'depth_strength',
] as const;
export type NamedInput = (typeof NAMED_INPUTS)[number];

/** Where a value goes in an API-format workflow: a node id and one of its inputs. */
export interface InputRef {
  node: string;
  input: string;
}

/** A workflow ready to fill: the API-format graph, where each job value goes, and the node whose images are the outputs. */
export interface WorkflowTemplate {
  graph: ComfyWorkflow;
  inputs: Partial<Record<NamedInput, InputRef[]>>;
  output: string;
}

/** Smallest latent side ComfyUI takes: EmptyLatentImage's width and height have min 16 (nodes.py). */
export const LATENT_SIDE_MIN = 16;

/** Rounds a side up to the next multiple of 8, as SD latents need, and to at least LATENT_SIDE_MIN. */
export function latentSide(side: number): number {
  return Math.max(LATENT_SIDE_MIN, Math.ceil(side / 8) * 8);
}

/**
 * The latent size for an image: at least minLongSide on its longer side (models draw badly far
 * below the size they were trained at), in multiples of 8, each side at least LATENT_SIDE_MIN;
 * the outputs are scaled back to the size asked after.
 */
export function latentSize(width: number, height: number, minLongSide: number): { width: number; height: number } {
  const scale = Math.max(1, minLongSide / Math.max(width, height));
  return { width: latentSide(Math.round(width * scale)), height: latentSide(Math.round(height * scale)) };
}

/** A copy of the template's graph with each named value put in its inputs (values not given keep the workflow's own). */
export function fillWorkflow(template: WorkflowTemplate, values: Partial<Record<NamedInput, unknown>>): ComfyWorkflow {
  const graph = structuredClone(template.graph);
  for (const [name, refs] of Object.entries(template.inputs) as Array<[NamedInput, InputRef[]]>) {
    if (values[name] === undefined) continue;
    for (const { node, input } of refs) graph[node].inputs[input] = values[name];
  }
  return graph;
}

/** The sampler a built-in ControlNet workflow uses. */
export interface SamplerChoice {
  sampler: string;
  scheduler: string;
}

/**
 * The ControlNet OpenPose workflow both built-in profiles use (checkpoint, two prompts, LoadImage
 * of the control image, ControlNetApplyAdvanced, empty latent, KSampler, decode, save), in
 * ComfyUI's API format, with the model names given.
 */
export function controlNetTemplate(checkpoint: string, controlnet: string, { sampler, scheduler }: SamplerChoice): WorkflowTemplate {
  const ref = (node: string, input: string): InputRef[] => [{ node, input }];
  const graph: ComfyWorkflow = {
    '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: checkpoint } },
    '2': { class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['1', 1] }, _meta: { title: 'Positive' } },
    '3': { class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['1', 1] }, _meta: { title: 'Negative' } },
    '4': { class_type: 'LoadImage', inputs: { image: '' } },
    '5': { class_type: 'ControlNetLoader', inputs: { control_net_name: controlnet } },
    '6': {
      class_type: 'ControlNetApplyAdvanced',
      inputs: { positive: ['2', 0], negative: ['3', 0], control_net: ['5', 0], image: ['4', 0], strength: 1, start_percent: 0, end_percent: 1 },
    },
    '7': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 512, batch_size: 1 } },
    '8': {
      class_type: 'KSampler',
      inputs: {
        model: ['1', 0],
        positive: ['6', 0],
        negative: ['6', 1],
        latent_image: ['7', 0],
        seed: 0,
        steps: 20,
        cfg: 7,
        sampler_name: sampler,
        scheduler,
        denoise: 1,
      },
    },
    '9': { class_type: 'VAEDecode', inputs: { samples: ['8', 0], vae: ['1', 2] } },
    '10': { class_type: 'SaveImage', inputs: { images: ['9', 0], filename_prefix: 'posecraft' } },
  };
  return {
    graph,
    inputs: {
      pose_image: ref('4', 'image'),
      prompt: ref('2', 'text'),
      negative_prompt: ref('3', 'text'),
      width: ref('7', 'width'),
      height: ref('7', 'height'),
      batch_size: ref('7', 'batch_size'),
      seed: ref('8', 'seed'),
      steps: ref('8', 'steps'),
      cfg: ref('8', 'cfg'),
      strength: ref('6', 'strength'),
    },
    output: '10',
  };
}
