/**
 * ComfyUI's node classes as their source defines them, in GET /object_info's shape: each input's
 * `[TYPE, {min, max…}]` or `[[choices], {}]` and each output's type. Read from ComfyUI's source
 * (release 0.3.64 unless said): nodes.py (CheckpointLoaderSimple, CLIPTextEncode,
 * ConditioningZeroOut, VAEDecode, VAELoader, ControlNetLoader, ControlNetApplyAdvanced with its
 * optional `vae`, UNETLoader, CLIPLoader, DualCLIPLoader, KSampler, SaveImage, LoadImage,
 * EmptyLatentImage, LoraLoader, LoadImageMask, ConditioningSetMask, ConditioningCombine), comfy_extras/nodes_flux.py (FluxGuidance), nodes_sd3.py
 * (EmptySD3LatentImage), nodes_model_advanced.py (ModelSamplingAuraFlow),
 * nodes_model_patch.py (ModelPatchLoader; ZImageFunControlnet, added after 0.3.64; QwenImageDiffsynthControlnet
 * as at ComfyUI 040ca75: model, model_patch, vae, image, strength -10..10 step 0.01, optional mask),
 * nodes_controlnet.py (SetUnionControlNetType: "auto" then comfy/cldm/control_types.py's
 * UNION_CONTROLNET_TYPES keys), and
 * comfy/samplers.py (a part of KSAMPLER_NAMES and SCHEDULER_NAMES). For video (ComfyUI at
 * a125cd8, Oct 2025): nodes.py (KSamplerAdvanced, ImageBatch), nodes_model_advanced.py
 * (ModelSamplingSD3), nodes_wan.py (WanFunControlToVideo, Wan22FunControlToVideo), nodes_video.py (CreateVideo; SaveVideo
 * with comfy_api's VideoContainer and VideoCodec). One custom node, ComfyUI-VideoHelperSuite's
 * VHS_VideoCombine (videohelpersuite/nodes.py: images optional beside latents, its formats the
 * two image ones and the ffmpeg ones). Combo lists of model files are the folders given.
 */

/** One node class as /object_info describes it. */
export interface NodeDefinition {
  input: { required: Record<string, unknown[]>; optional?: Record<string, unknown[]> };
  output: string[];
  name: string;
  output_node: boolean;
}

/** Model files by ComfyUI models folder, and the uploaded images. */
export interface DefinitionLists {
  folders: Record<string, string[]>;
  uploads: string[];
}

/** MAX_RESOLUTION in nodes.py. */
const MAX_RESOLUTION = 16384;
const INT = (min: number, max: number) => ['INT', { default: min, min, max }];
const FLOAT = (min: number, max: number) => ['FLOAT', { default: min, min, max }];
const SAMPLERS = ['euler', 'euler_ancestral', 'dpmpp_2m', 'dpmpp_2m_sde', 'res_multistep', 'uni_pc'];
const SCHEDULERS = ['simple', 'sgm_uniform', 'karras', 'exponential', 'ddim_uniform', 'beta', 'normal'];

// The inputs KSampler and KSamplerAdvanced both declare, in their order (nodes.py).
const SAMPLING_INPUTS = {
  cfg: FLOAT(0, 100),
  sampler_name: [SAMPLERS, {}],
  scheduler: [SCHEDULERS, {}],
  positive: ['CONDITIONING'],
  negative: ['CONDITIONING'],
  latent_image: ['LATENT'],
};
const CLIP_TYPES = [
  'stable_diffusion',
  'stable_cascade',
  'sd3',
  'stable_audio',
  'mochi',
  'ltxv',
  'pixart',
  'cosmos',
  'lumina2',
  'wan',
  'hidream',
  'chroma',
  'ace',
  'omnigen2',
  'qwen_image',
  'hunyuan_image',
];
const UNION_TYPES = ['auto', 'openpose', 'depth', 'hed/pidi/scribble/ted', 'canny/lineart/anime_lineart/mlsd', 'normal', 'segment', 'tile', 'repaint'];
const DUAL_CLIP_TYPES = ['sdxl', 'sd3', 'flux', 'hunyuan_video', 'hidream', 'hunyuan_image'];

/** The node classes, with the model lists of the folders given. */
export function nodeDefinitions({ folders, uploads }: DefinitionLists): Record<string, NodeDefinition> {
  const list = (folder: string) => [folders[folder] ?? [], {}];
  const node = (name: string, required: Record<string, unknown[]>, output: string[], optional?: Record<string, unknown[]>): NodeDefinition => ({
    input: optional ? { required, optional } : { required },
    output,
    name,
    output_node: name === 'SaveImage' || name === 'SaveVideo',
  });
  const latent = (step: number) => ({
    width: ['INT', { default: 1024, min: 16, max: MAX_RESOLUTION, step }],
    height: ['INT', { default: 1024, min: 16, max: MAX_RESOLUTION, step }],
    batch_size: INT(1, 4096),
  });
  const definitions = [
    node('CheckpointLoaderSimple', { ckpt_name: list('checkpoints') }, ['MODEL', 'CLIP', 'VAE']),
    node('LoraLoader', { model: ['MODEL'], clip: ['CLIP'], lora_name: list('loras'), strength_model: FLOAT(-100, 100), strength_clip: FLOAT(-100, 100) }, [
      'MODEL',
      'CLIP',
    ]),
    node('UNETLoader', { unet_name: list('diffusion_models'), weight_dtype: [['default', 'fp8_e4m3fn', 'fp8_e4m3fn_fast', 'fp8_e5m2'], {}] }, ['MODEL']),
    node('CLIPLoader', { clip_name: list('text_encoders'), type: [CLIP_TYPES, {}] }, ['CLIP'], { device: [['default', 'cpu'], {}] }),
    node('DualCLIPLoader', { clip_name1: list('text_encoders'), clip_name2: list('text_encoders'), type: [DUAL_CLIP_TYPES, {}] }, ['CLIP'], {
      device: [['default', 'cpu'], {}],
    }),
    node('VAELoader', { vae_name: list('vae') }, ['VAE']),
    node('CLIPTextEncode', { text: ['STRING', { multiline: true }], clip: ['CLIP'] }, ['CONDITIONING']),
    node('ConditioningZeroOut', { conditioning: ['CONDITIONING'] }, ['CONDITIONING']),
    node('FluxGuidance', { conditioning: ['CONDITIONING'], guidance: FLOAT(0, 100) }, ['CONDITIONING']),
    node('ModelSamplingAuraFlow', { model: ['MODEL'], shift: FLOAT(0, 100) }, ['MODEL']),
    node('LoadImage', { image: [uploads, { image_upload: true }] }, ['IMAGE', 'MASK']),
    node('LoadImageMask', { image: [uploads, { image_upload: true }], channel: [['alpha', 'red', 'green', 'blue'], {}] }, ['MASK']),
    node(
      'ConditioningSetMask',
      {
        conditioning: ['CONDITIONING'],
        mask: ['MASK'],
        strength: ['FLOAT', { default: 1, min: 0, max: 10, step: 0.01 }],
        set_cond_area: [['default', 'mask bounds'], {}],
      },
      ['CONDITIONING'],
    ),
    node('ConditioningCombine', { conditioning_1: ['CONDITIONING'], conditioning_2: ['CONDITIONING'] }, ['CONDITIONING']),
    node('ControlNetLoader', { control_net_name: list('controlnet') }, ['CONTROL_NET']),
    node(
      'ControlNetApplyAdvanced',
      {
        positive: ['CONDITIONING'],
        negative: ['CONDITIONING'],
        control_net: ['CONTROL_NET'],
        image: ['IMAGE'],
        strength: FLOAT(0, 10),
        start_percent: FLOAT(0, 1),
        end_percent: FLOAT(0, 1),
      },
      ['CONDITIONING', 'CONDITIONING'],
      { vae: ['VAE'] },
    ),
    node('SetUnionControlNetType', { control_net: ['CONTROL_NET'], type: [UNION_TYPES, {}] }, ['CONTROL_NET']),
    node('ModelPatchLoader', { name: list('model_patches') }, ['MODEL_PATCH']),
    node('ZImageFunControlnet', { model: ['MODEL'], model_patch: ['MODEL_PATCH'], vae: ['VAE'], strength: FLOAT(-10, 10) }, ['MODEL'], {
      image: ['IMAGE'],
      inpaint_image: ['IMAGE'],
      mask: ['MASK'],
    }),
    node(
      'QwenImageDiffsynthControlnet',
      { model: ['MODEL'], model_patch: ['MODEL_PATCH'], vae: ['VAE'], image: ['IMAGE'], strength: ['FLOAT', { default: 1, min: -10, max: 10, step: 0.01 }] },
      ['MODEL'],
      { mask: ['MASK'] },
    ),
    node('EmptyLatentImage', latent(8), ['LATENT']),
    node('EmptySD3LatentImage', latent(16), ['LATENT']),
    node(
      'KSampler',
      {
        model: ['MODEL'],
        seed: INT(0, Number.MAX_SAFE_INTEGER),
        steps: INT(1, 10000),
        ...SAMPLING_INPUTS,
        denoise: FLOAT(0, 1),
      },
      ['LATENT'],
    ),
    node('VAEDecode', { samples: ['LATENT'], vae: ['VAE'] }, ['IMAGE']),
    ...videoDefinitions(),
    node('SaveImage', { images: ['IMAGE'], filename_prefix: ['STRING', { default: 'ComfyUI' }] }, []),
  ];
  return Object.fromEntries(definitions.map((d) => [d.name, d]));
}

/** The nodes of a Wan 2.2 Fun Control video workflow. */
function videoDefinitions(): NodeDefinition[] {
  const node = (name: string, required: Record<string, unknown[]>, output: string[], optional?: Record<string, unknown[]>): NodeDefinition => ({
    input: optional ? { required, optional } : { required },
    output,
    name,
    output_node: name === 'SaveVideo' || name === 'VHS_VideoCombine',
  });
  const side = ['INT', { default: 832, min: 16, max: MAX_RESOLUTION, step: 16 }];
  const toVideoInputs = {
    positive: ['CONDITIONING'],
    negative: ['CONDITIONING'],
    vae: ['VAE'],
    width: side,
    height: side,
    length: ['INT', { default: 81, min: 1, max: MAX_RESOLUTION, step: 4 }],
    batch_size: INT(1, 4096),
  };
  return [
    node('ModelSamplingSD3', { model: ['MODEL'], shift: FLOAT(0, 100) }, ['MODEL']),
    node('ImageBatch', { image1: ['IMAGE'], image2: ['IMAGE'] }, ['IMAGE']),
    node('WanFunControlToVideo', toVideoInputs, ['CONDITIONING', 'CONDITIONING', 'LATENT'], {
      clip_vision_output: ['CLIP_VISION_OUTPUT'],
      start_image: ['IMAGE'],
      control_video: ['IMAGE'],
    }),
    node('Wan22FunControlToVideo', toVideoInputs, ['CONDITIONING', 'CONDITIONING', 'LATENT'], { ref_image: ['IMAGE'], control_video: ['IMAGE'] }),
    node(
      'KSamplerAdvanced',
      {
        model: ['MODEL'],
        add_noise: [['enable', 'disable'], {}],
        noise_seed: INT(0, Number.MAX_SAFE_INTEGER),
        steps: INT(1, 10000),
        ...SAMPLING_INPUTS,
        start_at_step: INT(0, 10000),
        end_at_step: INT(0, 10000),
        return_with_leftover_noise: [['disable', 'enable'], {}],
      },
      ['LATENT'],
    ),
    node('CreateVideo', { images: ['IMAGE'], fps: ['FLOAT', { default: 30, min: 1, max: 120, step: 1 }] }, ['VIDEO'], { audio: ['AUDIO'] }),
    node(
      'SaveVideo',
      { video: ['VIDEO'], filename_prefix: ['STRING', { default: 'video/ComfyUI' }], format: [['auto', 'mp4'], {}], codec: [['auto', 'h264'], {}] },
      [],
    ),
    node(
      'VHS_VideoCombine',
      {
        frame_rate: ['FLOAT', { default: 8, min: 1, step: 1 }],
        loop_count: INT(0, 100),
        filename_prefix: ['STRING', { default: 'AnimateDiff' }],
        format: [['image/gif', 'image/webp', 'video/h264-mp4', 'video/webm', 'video/nvenc_h264-mp4'], {}],
        pingpong: ['BOOLEAN', { default: false }],
        save_output: ['BOOLEAN', { default: true }],
      },
      ['VHS_FILENAMES'],
      { images: ['IMAGE'], audio: ['AUDIO'], vae: ['VAE'] },
    ),
  ];
}
