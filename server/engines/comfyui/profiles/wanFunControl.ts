import type { ComfyUiSettings } from '../comfyUiConfig.js';
import type { ComfyWorkflow, InputRef, WorkflowTemplate } from '../workflow.js';
import type { VideoSpec } from '../videoGraph.js';
import type { ModelChoice, WorkflowProfile } from './workflowProfile.js';

/** Most frames Wan 2.2 Fun Control makes in one run: the 81 (5 s at 16 fps) it was trained on. */
export const WAN_MAX_FRAMES = 81;

/** Node ids of the Wan workflow the engine fills beyond the named inputs. */
const NODE = { frames: '9', toVideo: '10', highNoise: '11', lowNoise: '12', createVideo: '14', save: '15' } as const;

const ref = (node: string, input: string): InputRef[] => [{ node, input }];

/**
 * Wan 2.2 Fun Control A14B as ComfyUI's own template runs it: two experts (high noise for the first
 * half of the steps, low noise for the rest; ModelSamplingSD3 shift 8 each), umt5-xxl through
 * CLIPLoader type "wan", the Wan 2.1 VAE (the A14B models use its 16-channel latent), the control
 * frames as Wan22FunControlToVideo's control_video, then VAEDecode, CreateVideo at the sequence's
 * rate and SaveVideo as H.264 MP4. Wan22FunControlToVideo, not the Wan 2.1 WanFunControlToVideo: the
 * A14B model reads 36 extra channels (control latent, 4 mask channels, start image), and only the
 * Wan 2.2 node places the mask after the control latent; with the 2.1 node ComfyUI puts the mask
 * first, so the model reads the control video 4 channels off from where it was trained to.
 */
function wanTemplate(): WorkflowTemplate {
  const sampler = (model: string, latent: [string, number], first: boolean) => ({
    class_type: 'KSamplerAdvanced',
    inputs: {
      model: [model, 0],
      add_noise: first ? 'enable' : 'disable',
      noise_seed: 0,
      steps: 20,
      cfg: 3.5,
      sampler_name: 'euler',
      scheduler: 'simple',
      positive: [NODE.toVideo, 0],
      negative: [NODE.toVideo, 1],
      latent_image: latent,
      start_at_step: first ? 0 : 10,
      end_at_step: first ? 10 : 10000,
      return_with_leftover_noise: first ? 'enable' : 'disable',
    },
  });
  const graph: ComfyWorkflow = {
    '1': { class_type: 'UNETLoader', inputs: { unet_name: '', weight_dtype: 'default' } },
    '2': { class_type: 'UNETLoader', inputs: { unet_name: '', weight_dtype: 'default' } },
    '3': { class_type: 'ModelSamplingSD3', inputs: { model: ['1', 0], shift: 8 } },
    '4': { class_type: 'ModelSamplingSD3', inputs: { model: ['2', 0], shift: 8 } },
    '5': { class_type: 'CLIPLoader', inputs: { clip_name: '', type: 'wan', device: 'default' } },
    '6': { class_type: 'VAELoader', inputs: { vae_name: '' } },
    '7': { class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['5', 0] }, _meta: { title: 'Positive' } },
    '8': { class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['5', 0] }, _meta: { title: 'Negative' } },
    // The control frames: replaced per job by one LoadImage a frame joined by ImageBatch (videoGraph).
    [NODE.frames]: { class_type: 'LoadImage', inputs: { image: '' } },
    [NODE.toVideo]: {
      class_type: 'Wan22FunControlToVideo',
      inputs: { positive: ['7', 0], negative: ['8', 0], vae: ['6', 0], width: 832, height: 480, length: 81, batch_size: 1, control_video: [NODE.frames, 0] },
    },
    [NODE.highNoise]: sampler('3', [NODE.toVideo, 2], true),
    [NODE.lowNoise]: sampler('4', [NODE.highNoise, 0], false),
    '13': { class_type: 'VAEDecode', inputs: { samples: [NODE.lowNoise, 0], vae: ['6', 0] } },
    [NODE.createVideo]: { class_type: 'CreateVideo', inputs: { images: ['13', 0], fps: 16 } },
    [NODE.save]: { class_type: 'SaveVideo', inputs: { video: [NODE.createVideo, 0], filename_prefix: 'posecraft/video', format: 'mp4', codec: 'h264' } },
  };
  return {
    graph,
    inputs: {
      pose_image: ref(NODE.frames, 'image'),
      prompt: ref('7', 'text'),
      negative_prompt: ref('8', 'text'),
      width: ref(NODE.toVideo, 'width'),
      height: ref(NODE.toVideo, 'height'),
      seed: [...ref(NODE.highNoise, 'noise_seed'), ...ref(NODE.lowNoise, 'noise_seed')],
      steps: [...ref(NODE.highNoise, 'steps'), ...ref(NODE.lowNoise, 'steps')],
      cfg: [...ref(NODE.highNoise, 'cfg'), ...ref(NODE.lowNoise, 'cfg')],
    },
    output: NODE.save,
  };
}

/** The Wan graph once filled: the steps split between the two experts at half. */
function splitSteps(graph: ComfyWorkflow): ComfyWorkflow {
  const split = Math.max(1, Math.floor(Number(graph[NODE.highNoise].inputs.steps) / 2));
  graph[NODE.highNoise].inputs.end_at_step = split;
  graph[NODE.lowNoise].inputs.start_at_step = split;
  return graph;
}

/**
 * How Wan takes the sequence: Wan22FunControlToVideo makes (length - 1) / 4 * 4 + 1 frames (its
 * latent has (length - 1) // 4 + 1 frames, each 4 but the first), so the count is raised to the
 * next such length (the page fits the sequence first, resampled to Wan's 16 fps, and says how); CreateVideo at
 * that rate; sides in steps of 16.
 */
const WAN_VIDEO: VideoSpec = {
  maxFrames: WAN_MAX_FRAMES,
  lengthStep: 4,
  fps: 16,
  sizeStep: 16,
  frameCount: ref(NODE.toVideo, 'length'),
  frameRate: ref(NODE.createVideo, 'fps'),
  finish: splitSteps,
};

const MODELS: Array<[node: string, input: string, folder: string, what: string, fits: RegExp]> = [
  ['1', 'unet_name', 'diffusion_models', 'Wan 2.2 Fun Control high-noise model ("wan2.2_fun_control_high_noise")', /wan.?2\.?2.*fun.?control.*high.?noise/i],
  ['2', 'unet_name', 'diffusion_models', 'Wan 2.2 Fun Control low-noise model ("wan2.2_fun_control_low_noise")', /wan.?2\.?2.*fun.?control.*low.?noise/i],
  ['5', 'clip_name', 'text_encoders', 'umt5-xxl text encoder ("umt5_xxl")', /umt5.?xxl/i],
  ['6', 'vae_name', 'vae', 'Wan 2.1 VAE ("wan_2.1_vae")', /wan.?2\.1.?vae/i],
];

/** The built-in pose-to-video profile, offered only while the servers have its nodes and models; its frames drawn as the DWPose annotator VideoX-Fun's control videos were made with. */
export function wanFunControlProfile(settings: ComfyUiSettings): WorkflowProfile {
  const choices: ModelChoice[] = MODELS.map(([node, input, folder, what, fits]) => ({ ref: { node, input }, folder, what, fits: (name) => fits.test(name) }));
  return {
    id: 'wan-fun-control',
    label: 'Wan 2.2 Fun Control A14B (video)',
    kind: 'builtin',
    renderProfile: 'sd15',
    minLongSide: 640,
    defaults: { steps: Math.min(20, settings.limits.steps.max), cfg: 3.5, strength: 1 },
    onlyWhenAvailable: true,
    video: WAN_VIDEO,
    workflow: { template: wanTemplate(), choices },
    depth: { none: 'Wan 2.2 Fun Control takes one control video, and this workflow gives it the poses' },
  };
}
