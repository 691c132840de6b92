import type { ComfyUiSettings } from '../comfyUiConfig.js';
import { fluxUnionTemplate, qwenImageUnionTemplate, zImageTurboUnionTemplate } from '../unionTemplates.js';
import type { WorkflowTemplate } from '../workflow.js';
import type { ModelChoice, WorkflowProfile } from './workflowProfile.js';

/** A model slot of a template: node, input, folder, what it is and which names fit. */
type Slot = [node: string, input: string, folder: string, what: string, fits: RegExp, unlike?: RegExp];

const choicesOf = (slots: Slot[]): ModelChoice[] =>
  slots.map(([node, input, folder, what, fits, unlike]) => ({ ref: { node, input }, folder, what, fits: (name) => fits.test(name) && !unlike?.test(name) }));

/** The Flux VAE (ae.safetensors), which Z-Image uses too. */
const FLUX_VAE: RegExp = /(^|[/\\])ae\.safetensors$|flux.*(vae|ae)\b/i;

function profile(
  id: string,
  label: string,
  template: WorkflowTemplate,
  slots: Slot[],
  minLongSide: number,
  defaults: WorkflowProfile['defaults'],
): WorkflowProfile {
  // Each drawn as the DWPose annotator the three were trained with draws: OpenPose's limbs (stick width 4) and hands, no feet.
  return {
    id,
    label,
    kind: 'builtin',
    renderProfile: 'sd15',
    minLongSide,
    defaults,
    onlyWhenAvailable: true,
    workflow: { template, choices: choicesOf(slots) },
  };
}

/** Flux.1 [dev] + Shakker-Labs ControlNet-Union-Pro 2.0: strength 0.9 as its card recommends for pose, 1024 px. */
function fluxUnion(settings: ComfyUiSettings): WorkflowProfile {
  return profile(
    'flux-union',
    'Flux.1 dev + Union ControlNet Pro 2.0',
    fluxUnionTemplate(),
    [
      ['1', 'unet_name', 'diffusion_models', 'Flux.1 dev diffusion model (a name with "flux")', /flux/i, /fill|canny|depth|redux|kontext|schnell|control/i],
      ['2', 'clip_name1', 'text_encoders', 'CLIP-L text encoder ("clip_l")', /clip_l/i],
      ['2', 'clip_name2', 'text_encoders', 'T5-XXL text encoder ("t5xxl")', /t5xxl/i],
      ['3', 'vae_name', 'vae', 'Flux VAE (ae.safetensors)', FLUX_VAE],
      // InstantX's Flux union is left out: ComfyUI numbers its openpose type 0, its pose mode is 4.
      [
        '7',
        'control_net_name',
        'controlnet',
        'Flux union ControlNet Pro 2.0 (a name with "flux", "union" and "pro" 2)',
        /flux.*union.*pro.?2|union.?pro.?2.*flux/i,
      ],
    ],
    1024,
    { steps: Math.min(28, settings.limits.steps.max), cfg: 3.5, strength: 0.9 },
  );
}

/** Qwen-Image + InstantX Qwen-Image-ControlNet-Union: strength 1, at Qwen-Image's 1328 px. */
function qwenImageUnion(settings: ComfyUiSettings): WorkflowProfile {
  return profile(
    'qwen-image-union',
    'Qwen-Image + InstantX Union ControlNet',
    qwenImageUnionTemplate(),
    [
      ['1', 'unet_name', 'diffusion_models', 'Qwen-Image diffusion model (a name with "qwen_image")', /qwen.?image/i, /edit|layered|control/i],
      ['2', 'clip_name', 'text_encoders', 'Qwen2.5-VL text encoder ("qwen_2.5_vl")', /qwen.?2\.5.?vl/i],
      ['3', 'vae_name', 'vae', 'Qwen-Image VAE ("qwen_image_vae")', /qwen.?image.?vae/i],
      ['7', 'control_net_name', 'controlnet', 'Qwen-Image union ControlNet (a name with "qwen" and "union")', /qwen.*union|union.*qwen/i],
    ],
    1328,
    { steps: Math.min(20, settings.limits.steps.max), cfg: 2.5, strength: 1 },
  );
}

/** Z-Image-Turbo + alibaba-pai Z-Image-Turbo-Fun-Controlnet-Union: strength 0.75 (its card: 0.65 to 0.8), 8 steps, 1024 px. */
function zImageTurboUnion(settings: ComfyUiSettings): WorkflowProfile {
  return profile(
    'z-image-turbo-union',
    'Z-Image-Turbo + Fun Union ControlNet',
    zImageTurboUnionTemplate(),
    [
      ['1', 'unet_name', 'diffusion_models', 'Z-Image-Turbo diffusion model ("z_image_turbo")', /z.?image.?turbo/i, /control|fun/i],
      ['2', 'clip_name', 'text_encoders', 'Qwen3-4B text encoder ("qwen_3_4b")', /qwen.?3.?4b/i],
      ['3', 'vae_name', 'vae', 'Flux VAE (ae.safetensors)', FLUX_VAE],
      ['7', 'name', 'model_patches', 'Z-Image Fun union ControlNet patch (a name with "z-image", "fun" and "union")', /z.?image.*fun.*union/i],
    ],
    1024,
    { steps: Math.min(8, settings.limits.steps.max), cfg: 1, strength: 0.75 },
  );
}

/** The built-in profiles of union ControlNets on 2026's bases, each offered only where the servers have its nodes and models. */
export const UNION_PROFILES = { 'flux-union': fluxUnion, 'qwen-image-union': qwenImageUnion, 'z-image-turbo-union': zImageTurboUnion } as const;
