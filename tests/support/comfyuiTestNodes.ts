import { createCanvas } from '@napi-rs/canvas';

/** An API-format workflow as the test server receives it. */
export type TestWorkflow = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

/** The model files and uploads a test ComfyUI has, by what they are. */
export interface TestModels {
  checkpoints: string[];
  controlnets: string[];
  loras: string[];
  uploads: () => string[];
}

const SAMPLERS = ['euler', 'euler_ancestral', 'dpmpp_2m', 'dpmpp_2m_sde'];
const SCHEDULERS = ['normal', 'karras', 'simple'];
const INT = (min: number, max: number) => ['INT', { default: min, min, max }];
const FLOAT = (min: number, max: number) => ['FLOAT', { default: min, min, max }];

/**
 * The node classes a test ComfyUI has, described as GET /object_info/{class} describes them
 * (server.py node_info: `input.required.<name>` is `[[choices], {...}]` for a combo, `[TYPE, {...}]` otherwise).
 */
export function describeNodes(models: TestModels): Record<string, { input: { required: Record<string, unknown> }; name: string; output_node: boolean }> {
  const node = (name: string, required: Record<string, unknown>, outputNode = false) => ({ input: { required }, name, output_node: outputNode });
  return {
    CheckpointLoaderSimple: node('CheckpointLoaderSimple', { ckpt_name: [models.checkpoints, { tooltip: 'The name of the checkpoint (model) to load.' }] }),
    ControlNetLoader: node('ControlNetLoader', { control_net_name: [models.controlnets, {}] }),
    LoraLoader: node('LoraLoader', { model: ['MODEL'], clip: ['CLIP'], lora_name: [models.loras, {}], strength_model: FLOAT(-100, 100), strength_clip: FLOAT(-100, 100) }),
    CLIPTextEncode: node('CLIPTextEncode', { text: ['STRING', { multiline: true }], clip: ['CLIP'] }),
    LoadImage: node('LoadImage', { image: [models.uploads(), { image_upload: true }] }),
    ControlNetApplyAdvanced: node('ControlNetApplyAdvanced', {
      positive: ['CONDITIONING'], negative: ['CONDITIONING'], control_net: ['CONTROL_NET'], image: ['IMAGE'],
      strength: FLOAT(0, 10), start_percent: FLOAT(0, 1), end_percent: FLOAT(0, 1),
    }),
    EmptyLatentImage: node('EmptyLatentImage', { width: INT(16, 16384), height: INT(16, 16384), batch_size: INT(1, 4096) }),
    KSampler: node('KSampler', {
      model: ['MODEL'], seed: INT(0, Number.MAX_SAFE_INTEGER), steps: INT(1, 10000), cfg: FLOAT(0, 100),
      sampler_name: [SAMPLERS, {}], scheduler: [SCHEDULERS, {}], positive: ['CONDITIONING'], negative: ['CONDITIONING'], latent_image: ['LATENT'], denoise: FLOAT(0, 1),
    }),
    VAEDecode: node('VAEDecode', { samples: ['LATENT'], vae: ['VAE'] }),
    SaveImage: node('SaveImage', { images: ['IMAGE'], filename_prefix: ['STRING', { default: 'ComfyUI' }] }, true),
  };
}

/** ComfyUI's 400 for a prompt it will not run (execution.validate_prompt's shape). */
function refusal(nodeId: string, classType: string, message: string, details: string) {
  return {
    error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation' },
    node_errors: { [nodeId]: { errors: [{ message, details }], class_type: classType } },
  };
}

/** ComfyUI's words for a number outside an INT or FLOAT input's range (execution.py validate_inputs), or null. */
function rangeError(spec: unknown[], value: unknown): string | null {
  if ((spec[0] !== 'INT' && spec[0] !== 'FLOAT') || typeof value !== 'number') return null;
  const { min, max } = (spec[1] ?? {}) as { min?: number; max?: number };
  if (min !== undefined && value < min) return `Value ${value} smaller than min of ${min}`;
  if (max !== undefined && value > max) return `Value ${value} bigger than max of ${max}`;
  return null;
}

/** Why a test ComfyUI refuses a workflow, as ComfyUI does (an unknown node class, a combo value not in its list), or null. */
export function validateWorkflow(workflow: TestWorkflow, nodes: ReturnType<typeof describeNodes>): object | null {
  for (const [id, node] of Object.entries(workflow)) {
    const info = nodes[node.class_type as keyof typeof nodes];
    if (!info) return { error: { type: 'invalid_prompt', message: `Cannot execute because node ${node.class_type} does not exist.`, details: `Node ID '#${id}'` }, node_errors: {} };
    for (const [input, value] of Object.entries(node.inputs)) {
      const spec = info.input.required[input] as unknown[] | undefined;
      if (!spec || Array.isArray(value)) continue;
      const outOfRange = rangeError(spec, value);
      if (outOfRange) return refusal(id, node.class_type, outOfRange, input);
      if (!Array.isArray(spec[0])) continue;
      if (!(spec[0] as unknown[]).includes(value)) {
        const message = node.class_type === 'LoadImage' ? 'Invalid image file' : 'Value not in list';
        return refusal(id, node.class_type, message, `${input}: '${String(value)}' not in ${JSON.stringify(spec[0])}`);
      }
    }
  }
  return null;
}

/** A preview frame as ComfyUI's server.py send_image sends it: event 1 (PREVIEW_IMAGE), image type 1 (JPEG), the JPEG. */
export function legacyPreviewFrame(jpeg: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  return Buffer.concat([header, jpeg]);
}

/** A preview frame of the newer protocol: event 4 (PREVIEW_IMAGE_WITH_METADATA), the metadata's length, its JSON, the image. */
export function metadataPreviewFrame(jpeg: Buffer, promptId: string, nodeId: string): Buffer {
  const metadata = Buffer.from(JSON.stringify({ node_id: nodeId, prompt_id: promptId, display_node_id: nodeId, parent_node_id: null, real_node_id: nodeId, image_type: 'image/jpeg' }));
  const header = Buffer.alloc(8);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(metadata.length, 4);
  return Buffer.concat([header, metadata, jpeg]);
}

/** A sampling preview: a 512-pixel JPEG (ComfyUI's default --preview-size) whose hue says the step. */
export function previewJpeg(step: number, steps: number): Buffer {
  const canvas = createCanvas(512, 384);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, 512, 384);
  gradient.addColorStop(0, `hsl(${(step * 360) / steps}, 70%, 40%)`);
  gradient.addColorStop(1, `hsl(${(step * 360) / steps + 120}, 70%, 60%)`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 512, 384);
  return canvas.encodeSync('jpeg', 95);
}
