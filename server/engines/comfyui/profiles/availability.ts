import type { ComfyWorkflow, InputRef, WorkflowTemplate } from '../workflow.js';
import { wrongKind } from './modelKinds.js';
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
  const names = Object.values(graph).flatMap((node) =>
    Object.entries(node.inputs)
      .filter(([input, value]) => isModelInput(input) && typeof value === 'string' && value)
      .map(([, value]) => value as string),
  );
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

/** One choice's name, or why none fits: the operator's name when given, else the first fitting one (preferred names first). */
function chooseOne(choice: ModelChoice, reports: ServerReport[], preferred: readonly string[]): { name: string } | { error: string } {
  const lists = reports.map((r) => r.models.get(choice.folder) ?? []);
  const everywhere = (name: string) => lists.every((list) => list.includes(name));
  if (choice.named) return everywhere(choice.named) ? { name: choice.named } : { error: `the ComfyUI server has no ${choice.what} "${choice.named}"` };
  const fitting = (lists[0] ?? []).filter((name) => choice.fits(name) && everywhere(name));
  const usable = fitting.filter((name) => !wrongKind(name));
  const name = usable.find((n) => preferred.includes(n)) ?? usable[0];
  if (name) return { name };
  const leftOut = fitting.map((n) => `${n} (${wrongKind(n)})`);
  return { error: `the ComfyUI server has no ${choice.what} in models/${choice.folder}${leftOut.length ? `; left out: ${leftOut.join(', ')}` : ''}` };
}

/**
 * Chooses the model names a built-in profile leaves to the servers: the operator's name where
 * given; else, of the names every server lists that fit, one of the operator's preferred names,
 * else the first, never one of the wrong kind (a refiner, an inpainting model…). Returns the refs'
 * names, or why none was found (naming what was left out and why).
 */
export function chooseModels(
  choices: ModelChoice[],
  reports: ServerReport[],
  preferred: readonly string[] = [],
): { names: Array<[InputRef, string]> } | { error: string } {
  const names: Array<[InputRef, string]> = [];
  for (const choice of choices) {
    const chosen = chooseOne(choice, reports, preferred);
    if ('error' in chosen) return chosen;
    names.push([choice.ref, chosen.name]);
  }
  return { names };
}
