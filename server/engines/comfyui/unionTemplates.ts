import type { ComfyWorkflow, InputRef, WorkflowTemplate } from './workflow.js';

const ref = (node: string, input: string): InputRef[] => [{ node, input }];

/**
 * The nodes every 2026 pose workflow shares, in ComfyUI's API format: the diffusion model
 * (UNETLoader), its VAE, the prompt, the control image, a 16-channel empty latent
 * (EmptySD3LatentImage: Flux, Qwen-Image and Z-Image all sample one), the sampler, decode, save.
 * Model names are left empty: the profile's choices put them in.
 */
function sharedNodes(sampler: string, scheduler: string, cfg: number): ComfyWorkflow {
  return {
    '1': { class_type: 'UNETLoader', inputs: { unet_name: '', weight_dtype: 'default' } },
    '3': { class_type: 'VAELoader', inputs: { vae_name: '' } },
    '4': { class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['2', 0] }, _meta: { title: 'Positive' } },
    '6': { class_type: 'LoadImage', inputs: { image: '' } },
    '9': { class_type: 'EmptySD3LatentImage', inputs: { width: 1024, height: 1024, batch_size: 1 } },
    '10': {
      class_type: 'KSampler',
      inputs: {
        model: ['1', 0],
        positive: ['4', 0],
        negative: ['5', 0],
        latent_image: ['9', 0],
        seed: 0,
        steps: 20,
        cfg,
        sampler_name: sampler,
        scheduler,
        denoise: 1,
      },
    },
    '11': { class_type: 'VAEDecode', inputs: { samples: ['10', 0], vae: ['3', 0] } },
    '12': { class_type: 'SaveImage', inputs: { images: ['11', 0], filename_prefix: 'posecraft' } },
  };
}

/** Where the job's values go in every template built on sharedNodes. */
const SHARED_INPUTS = {
  pose_image: ref('6', 'image'),
  prompt: ref('4', 'text'),
  width: ref('9', 'width'),
  height: ref('9', 'height'),
  batch_size: ref('9', 'batch_size'),
  seed: ref('10', 'seed'),
  steps: ref('10', 'steps'),
} as const;

/**
 * Flux.1 [dev] with a union ControlNet (Shakker-Labs Union-Pro 2.0, which has no mode to set):
 * clip_l + t5xxl (DualCLIPLoader type flux), the guidance in FluxGuidance (what the user's CFG
 * sets; KSampler's cfg stays 1, as Flux dev is guidance-distilled), an empty negative
 * (ConditioningZeroOut), and ControlNetApplyAdvanced given the VAE, which Flux ControlNets work in
 * latent space with. The ControlNet lets go at 65 % of the steps, as its card recommends for pose.
 */
export function fluxUnionTemplate(): WorkflowTemplate {
  const graph: ComfyWorkflow = {
    ...sharedNodes('euler', 'simple', 1),
    '2': { class_type: 'DualCLIPLoader', inputs: { clip_name1: '', clip_name2: '', type: 'flux' } },
    '5': { class_type: 'ConditioningZeroOut', inputs: { conditioning: ['4', 0] } },
    '7': { class_type: 'ControlNetLoader', inputs: { control_net_name: '' } },
    '8': {
      class_type: 'ControlNetApplyAdvanced',
      inputs: {
        positive: ['13', 0],
        negative: ['5', 0],
        control_net: ['7', 0],
        image: ['6', 0],
        strength: 0.9,
        start_percent: 0,
        end_percent: 0.65,
        vae: ['3', 0],
      },
    },
    '13': { class_type: 'FluxGuidance', inputs: { conditioning: ['4', 0], guidance: 3.5 } },
  };
  graph['10'].inputs.positive = ['8', 0];
  graph['10'].inputs.negative = ['8', 1];
  return { graph, inputs: { ...SHARED_INPUTS, cfg: ref('13', 'guidance'), strength: ref('8', 'strength') }, output: '12' };
}

/**
 * Qwen-Image with InstantX's Qwen-Image-ControlNet-Union: Qwen2.5-VL as the text encoder
 * (CLIPLoader type qwen_image), ModelSamplingAuraFlow's shift 3.1 as ComfyUI's own Qwen-Image
 * workflow uses, real CFG with the negative prompt, and ControlNetApplyAdvanced given the VAE.
 */
export function qwenImageUnionTemplate(): WorkflowTemplate {
  const graph: ComfyWorkflow = {
    ...sharedNodes('euler', 'simple', 2.5),
    '2': { class_type: 'CLIPLoader', inputs: { clip_name: '', type: 'qwen_image' } },
    '5': { class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['2', 0] }, _meta: { title: 'Negative' } },
    '7': { class_type: 'ControlNetLoader', inputs: { control_net_name: '' } },
    '8': {
      class_type: 'ControlNetApplyAdvanced',
      inputs: { positive: ['4', 0], negative: ['5', 0], control_net: ['7', 0], image: ['6', 0], strength: 1, start_percent: 0, end_percent: 1, vae: ['3', 0] },
    },
    '13': { class_type: 'ModelSamplingAuraFlow', inputs: { model: ['1', 0], shift: 3.1 } },
  };
  Object.assign(graph['10'].inputs, { model: ['13', 0], positive: ['8', 0], negative: ['8', 1] });
  return { graph, inputs: { ...SHARED_INPUTS, negative_prompt: ref('5', 'text'), cfg: ref('10', 'cfg'), strength: ref('8', 'strength') }, output: '12' };
}

/**
 * Qwen-Image (2512) with alibaba-pai's Qwen-Image-2512-Fun-Controlnet-Union: a model patch
 * (ModelPatchLoader, models/model_patches) applied to the model by QwenImageDiffsynthControlnet
 * (comfy_extras/nodes_model_patch.py: model, model_patch, vae, image, strength) after
 * ModelSamplingAuraFlow, the rest as the InstantX Qwen-Image workflow: real CFG with the negative.
 */
export function qwenImageFunUnionTemplate(): WorkflowTemplate {
  const graph: ComfyWorkflow = {
    ...sharedNodes('euler', 'simple', 2.5),
    '2': { class_type: 'CLIPLoader', inputs: { clip_name: '', type: 'qwen_image' } },
    '5': { class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['2', 0] }, _meta: { title: 'Negative' } },
    '7': { class_type: 'ModelPatchLoader', inputs: { name: '' } },
    '8': { class_type: 'QwenImageDiffsynthControlnet', inputs: { model: ['13', 0], model_patch: ['7', 0], vae: ['3', 0], image: ['6', 0], strength: 1 } },
    '13': { class_type: 'ModelSamplingAuraFlow', inputs: { model: ['1', 0], shift: 3.1 } },
  };
  graph['10'].inputs.model = ['8', 0];
  return { graph, inputs: { ...SHARED_INPUTS, negative_prompt: ref('5', 'text'), cfg: ref('10', 'cfg'), strength: ref('8', 'strength') }, output: '12' };
}

/**
 * Z-Image-Turbo with alibaba-pai's Z-Image-Turbo-Fun-Controlnet-Union: a model patch
 * (ModelPatchLoader, models/model_patches) applied to the model by ZImageFunControlnet with the
 * VAE and the control image; Qwen3-4B as the text encoder (CLIPLoader type lumina2, as ComfyUI's
 * Z-Image workflow loads it); 8 steps at CFG 1 (a distilled turbo model), so the negative is empty.
 */
export function zImageTurboUnionTemplate(): WorkflowTemplate {
  const graph: ComfyWorkflow = {
    ...sharedNodes('res_multistep', 'simple', 1),
    '2': { class_type: 'CLIPLoader', inputs: { clip_name: '', type: 'lumina2' } },
    '5': { class_type: 'ConditioningZeroOut', inputs: { conditioning: ['4', 0] } },
    '7': { class_type: 'ModelPatchLoader', inputs: { name: '' } },
    '8': { class_type: 'ZImageFunControlnet', inputs: { model: ['13', 0], model_patch: ['7', 0], vae: ['3', 0], strength: 0.75, image: ['6', 0] } },
    '13': { class_type: 'ModelSamplingAuraFlow', inputs: { model: ['1', 0], shift: 3 } },
  };
  graph['10'].inputs.model = ['8', 0];
  return { graph, inputs: { ...SHARED_INPUTS, cfg: ref('10', 'cfg'), strength: ref('8', 'strength') }, output: '12' };
}
