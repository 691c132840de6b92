import type { ComfyUiSettings } from '../comfyUiConfig.js';
import { DEPTH_STRENGTH, withDepthNodes } from '../depthNodes.js';
import { fluxUnionTemplate, qwenImageFunUnionTemplate, qwenImageUnionTemplate, zImageTurboUnionTemplate } from '../unionTemplates.js';
import type { WorkflowTemplate } from '../workflow.js';
import type { ModelChoice, WorkflowProfile } from './workflowProfile.js';

/** A model slot of a template: node, input, folder, what it is and which names fit. */
type Slot = [node: string, input: string, folder: string, what: string, fits: RegExp, unlike?: RegExp];

/** What sets one union profile apart from the others. */
interface UnionSpec {
  label: string;
  template: () => WorkflowTemplate;
  slots: Slot[];
  minLongSide: number;
  defaults: (settings: ComfyUiSettings) => WorkflowProfile['defaults'];
  /** Depth beside the pose through the same union model (a second ControlNetApplyAdvanced after node 8), or why not. */
  depth: 'same union model' | { none: string };
}

const choicesOf = (slots: Slot[]): ModelChoice[] =>
  slots.map(([node, input, folder, what, fits, unlike]) => ({ ref: { node, input }, folder, what, fits: (name) => fits.test(name) && !unlike?.test(name) }));

/** The Flux VAE (ae.safetensors), which Z-Image uses too. */
const FLUX_VAE: RegExp = /(^|[/\\])ae\.safetensors$|flux.*(vae|ae)\b/i;
const steps = (settings: ComfyUiSettings, wanted: number) => Math.min(wanted, settings.limits.steps.max);

const SPECS = {
  // Flux.1 [dev] + Shakker-Labs ControlNet-Union-Pro 2.0: strength 0.9 as its card recommends for
  // pose, 1024 px. The model reads the kind of control from the image (no mode to set), depth included.
  'flux-union': {
    label: 'Flux.1 dev + Union ControlNet Pro 2.0',
    template: fluxUnionTemplate,
    slots: [
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
    minLongSide: 1024,
    defaults: (settings) => ({ steps: steps(settings, 28), cfg: 3.5, strength: 0.9 }),
    depth: 'same union model',
  },
  // Qwen-Image + InstantX Qwen-Image-ControlNet-Union (canny, soft edge, depth, pose): strength 1, at
  // Qwen-Image's 1328 px.
  'qwen-image-union': {
    label: 'Qwen-Image + InstantX Union ControlNet',
    template: qwenImageUnionTemplate,
    slots: [
      ['1', 'unet_name', 'diffusion_models', 'Qwen-Image diffusion model (a name with "qwen_image")', /qwen.?image/i, /edit|layered|control/i],
      ['2', 'clip_name', 'text_encoders', 'Qwen2.5-VL text encoder ("qwen_2.5_vl")', /qwen.?2\.5.?vl/i],
      ['3', 'vae_name', 'vae', 'Qwen-Image VAE ("qwen_image_vae")', /qwen.?image.?vae/i],
      ['7', 'control_net_name', 'controlnet', 'Qwen-Image union ControlNet (a name with "qwen" and "union")', /qwen.*union|union.*qwen/i],
    ],
    minLongSide: 1328,
    defaults: (settings) => ({ steps: steps(settings, 20), cfg: 2.5, strength: 1 }),
    depth: 'same union model',
  },
  // Qwen-Image 2512 + alibaba-pai Qwen-Image-2512-Fun-Controlnet-Union: strength 1 (the node's
  // default; no other figure published), at Qwen-Image's 1328 px, 20 steps at CFG 2.5 as the base.
  'qwen-image-fun-union': {
    label: 'Qwen-Image + Fun Union ControlNet',
    template: qwenImageFunUnionTemplate,
    slots: [
      ['1', 'unet_name', 'diffusion_models', 'Qwen-Image diffusion model (a name with "qwen_image")', /qwen.?image/i, /edit|layered|control/i],
      ['2', 'clip_name', 'text_encoders', 'Qwen2.5-VL text encoder ("qwen_2.5_vl")', /qwen.?2\.5.?vl/i],
      ['3', 'vae_name', 'vae', 'Qwen-Image VAE ("qwen_image_vae")', /qwen.?image.?vae/i],
      ['7', 'name', 'model_patches', 'Qwen-Image Fun union ControlNet patch (a name with "qwen-image", "fun" and "union")', /qwen.?image.*fun.*union/i],
    ],
    minLongSide: 1328,
    defaults: (settings) => ({ steps: steps(settings, 20), cfg: 2.5, strength: 1 }),
    depth: { none: 'its Fun union patch takes one control image, patched into the model, and this workflow gives it the pose' },
  },
  // Z-Image-Turbo + alibaba-pai Z-Image-Turbo-Fun-Controlnet-Union: strength 0.75 (its card: 0.65 to
  // 0.8), 8 steps, 1024 px.
  'z-image-turbo-union': {
    label: 'Z-Image-Turbo + Fun Union ControlNet',
    template: zImageTurboUnionTemplate,
    slots: [
      ['1', 'unet_name', 'diffusion_models', 'Z-Image-Turbo diffusion model ("z_image_turbo")', /z.?image.?turbo/i, /control|fun/i],
      ['2', 'clip_name', 'text_encoders', 'Qwen3-4B text encoder ("qwen_3_4b")', /qwen.?3.?4b/i],
      ['3', 'vae_name', 'vae', 'Flux VAE (ae.safetensors)', FLUX_VAE],
      ['7', 'name', 'model_patches', 'Z-Image Fun union ControlNet patch (a name with "z-image", "fun" and "union")', /z.?image.*fun.*union/i],
    ],
    minLongSide: 1024,
    defaults: (settings) => ({ steps: steps(settings, 8), cfg: 1, strength: 0.75 }),
    depth: { none: 'its Fun union patch takes one control image, patched into the model, and this workflow gives it the pose' },
  },
} satisfies Record<string, UnionSpec>;

/** One union profile from its spec: each drawn as the DWPose annotator the three were trained with draws (OpenPose's limbs, stick width 4, and hands; no feet). */
function unionProfile(id: keyof typeof SPECS, settings: ComfyUiSettings): WorkflowProfile {
  const spec: UnionSpec = SPECS[id];
  const template = spec.template();
  return {
    id,
    label: spec.label,
    kind: 'builtin',
    renderProfile: 'sd15',
    minLongSide: spec.minLongSide,
    defaults: spec.defaults(settings),
    onlyWhenAvailable: true,
    workflow: { template, choices: choicesOf(spec.slots) },
    depth:
      spec.depth === 'same union model'
        ? [{ template: withDepthNodes(template, { after: '8', loader: { node: '7' } }), choices: [], strength: DEPTH_STRENGTH }]
        : spec.depth,
  };
}

/** The built-in profiles of union ControlNets on 2026's bases, each offered only where the servers have its nodes and models. */
export const UNION_PROFILES = {
  'flux-union': (settings: ComfyUiSettings) => unionProfile('flux-union', settings),
  'qwen-image-union': (settings: ComfyUiSettings) => unionProfile('qwen-image-union', settings),
  'z-image-turbo-union': (settings: ComfyUiSettings) => unionProfile('z-image-turbo-union', settings),
  'qwen-image-fun-union': (settings: ComfyUiSettings) => unionProfile('qwen-image-fun-union', settings),
} as const;
