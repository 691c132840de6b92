/** One node of ComfyUI's API-format prompt: its class and inputs ([nodeId, outputIndex] links or values). */
export interface ComfyNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title: string };
}
export type ComfyWorkflow = Record<string, ComfyNode>;

/** What the SD1.5 + ControlNet OpenPose template is filled with. */
export interface WorkflowParams {
  checkpoint: string;
  controlnet: string;
  prompt: string;
  negativePrompt: string;
  /** The control image's name as /upload/image returned it. */
  controlImage: string;
  /** Latent size: multiples of 8. */
  width: number;
  height: number;
  batchSize: number;
  seed: number;
  steps: number;
  cfg: number;
}

/** Id of the SaveImage node, whose outputs are the job's images. */
export const SAVE_NODE_ID = '10';

/** Rounds a side up to the next multiple of 8, as SD latents need. */
export function latentSide(side: number): number {
  return Math.max(8, Math.ceil(side / 8) * 8);
}

/** Builds the SD1.5 + ControlNet OpenPose workflow in ComfyUI's API format. */
export function buildWorkflow(p: WorkflowParams): ComfyWorkflow {
  return {
    '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: p.checkpoint } },
    '2': { class_type: 'CLIPTextEncode', inputs: { text: p.prompt, clip: ['1', 1] }, _meta: { title: 'Positive' } },
    '3': { class_type: 'CLIPTextEncode', inputs: { text: p.negativePrompt, clip: ['1', 1] }, _meta: { title: 'Negative' } },
    '4': { class_type: 'LoadImage', inputs: { image: p.controlImage } },
    '5': { class_type: 'ControlNetLoader', inputs: { control_net_name: p.controlnet } },
    '6': {
      class_type: 'ControlNetApplyAdvanced',
      inputs: { positive: ['2', 0], negative: ['3', 0], control_net: ['5', 0], image: ['4', 0], strength: 1, start_percent: 0, end_percent: 1 },
    },
    '7': { class_type: 'EmptyLatentImage', inputs: { width: p.width, height: p.height, batch_size: p.batchSize } },
    '8': {
      class_type: 'KSampler',
      inputs: {
        model: ['1', 0], positive: ['6', 0], negative: ['6', 1], latent_image: ['7', 0],
        seed: p.seed, steps: p.steps, cfg: p.cfg, sampler_name: 'euler', scheduler: 'normal', denoise: 1,
      },
    },
    '9': { class_type: 'VAEDecode', inputs: { samples: ['8', 0], vae: ['1', 2] } },
    [SAVE_NODE_ID]: { class_type: 'SaveImage', inputs: { images: ['9', 0], filename_prefix: 'posecraft' } },
  };
}
