import type { ComfyWorkflow, InputRef, WorkflowTemplate } from '../workflow.js';
import type { ModelChoice } from './workflowProfile.js';

/** A node class as GET /object_info/{class} describes it: each input's type spec. */
export interface NodeInfo {
  input?: { required?: Record<string, unknown>; optional?: Record<string, unknown> };
}

/** What one ComfyUI server reported: its node classes (null: not installed) and model folders. */
export interface ServerReport {
  url: string;
  nodes: Map<string, NodeInfo | null>;
  models: Map<string, string[]>;
}

/**
 * The choices of a combo input, or null for any other input. Classic nodes give `[[...names], {…}]`
 * (e.g. CheckpointLoaderSimple's `input.required.ckpt_name[0]`); newer ones `["COMBO", {options}]`.
 */
export function comboOptions(spec: unknown): string[] | null {
  if (!Array.isArray(spec)) return null;
  if (Array.isArray(spec[0])) return spec[0].map(String);
  const options = (spec[1] as { options?: unknown } | undefined)?.options;
  if (spec[0] === 'COMBO' && Array.isArray(options)) return options.map(String);
  return null;
}

/** The words for a model input in a reason, e.g. "checkpoint" for ckpt_name. */
const MODEL_WORDS: Array<[RegExp, string]> = [
  [/^ckpt_name$/, 'checkpoint'],
  [/^control_net_name$/, 'ControlNet model'],
  [/^lora_name$/, 'LoRA'],
  [/^unet_name$/, 'diffusion model'],
  [/^vae_name$/, 'VAE'],
  [/^clip_name\d?$/, 'text encoder'],
  [/^(model|style_model|clip_vision|upscale_model|gligen|hypernetwork)_name$/, 'model'],
];

/** Whether an input names a model file (its value is then one of the profile's models). */
function isModelInput(input: string): boolean {
  return MODEL_WORDS.some(([pattern]) => pattern.test(input));
}

function wordsFor(node: { class_type: string }, input: string): string {
  return MODEL_WORDS.find(([pattern]) => pattern.test(input))?.[1] ?? `value for ${node.class_type}'s ${input}`;
}

/** The node classes a workflow uses. */
export function classesOf(graph: ComfyWorkflow): string[] {
  return [...new Set(Object.values(graph).map((node) => node.class_type))];
}

/** The model files a workflow uses. */
export function modelsOf(graph: ComfyWorkflow): string[] {
  const names = Object.values(graph).flatMap((node) => Object.entries(node.inputs).filter(([input, value]) => isModelInput(input) && typeof value === 'string' && value).map(([, value]) => value as string));
  return [...new Set(names)];
}

/**
 * Why a server cannot run a workflow, as ComfyUI itself would refuse it (a node class it lacks, a
 * combo value not in its list: "Value not in list"), or null when it can. The inputs a job fills
 * (the pose image, the prompt…) are not checked: their values are not known yet.
 */
export function whyNot(template: WorkflowTemplate, report: ServerReport): string | null {
  const filled = new Set(Object.values(template.inputs).flatMap((refs) => refs.map((r) => `${r.node}/${r.input}`)));
  for (const [id, node] of Object.entries(template.graph)) {
    const info = report.nodes.get(node.class_type);
    if (info === null) return `the ComfyUI server does not have the node ${node.class_type} (a custom node not installed?)`;
    if (!info) continue;
    for (const [input, value] of Object.entries(node.inputs)) {
      if (typeof value !== 'string' || filled.has(`${id}/${input}`)) continue;
      const options = comboOptions(info.input?.required?.[input] ?? info.input?.optional?.[input]);
      if (options && !options.includes(value)) return `the ComfyUI server has no ${wordsFor(node, input)} "${value}"`;
    }
  }
  return null;
}

/**
 * Chooses the model names a built-in profile leaves to the servers: the first name every server
 * lists that fits. Returns the refs' names, or why none was found.
 */
export function chooseModels(choices: ModelChoice[], reports: ServerReport[]): { names: Array<[InputRef, string]> } | { error: string } {
  const names: Array<[InputRef, string]> = [];
  for (const choice of choices) {
    const lists = reports.map((r) => r.models.get(choice.folder) ?? []);
    const found = lists[0]?.find((name) => choice.fits(name) && lists.every((list) => list.includes(name)));
    if (!found) return { error: `the ComfyUI server has no ${choice.what} in models/${choice.folder}` };
    names.push([choice.ref, found]);
  }
  return { names };
}
