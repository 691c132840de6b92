import { z } from 'zod';
import { SAMPLING_BOUNDS } from '../../../../src/api/contract.js';
import { describeIssues } from '../../../../src/api/schemas.js';
import { RENDER_PROFILES, type RenderProfile } from '../../../../src/pose/index.js';
import { NAMED_INPUTS, type ComfyWorkflow, type InputRef, type NamedInput, type WorkflowTemplate } from '../workflow.js';

const inputRef = z.strictObject({ node: z.string().min(1).max(64), input: z.string().min(1).max(128) });
/** One place, or several (a seed used by two samplers). */
const refs = z.union([inputRef, z.array(inputRef).min(1).max(8)]).transform((r) => (Array.isArray(r) ? r : [r]));
const bounded = (range: { min: number; max: number }) => z.number().min(range.min).max(range.max);

/**
 * `<name>.posecraft.json`, beside the API-format workflow `<name>.json`: where the job's values go
 * (pose_image and prompt required), the output node (the first SaveImage when left out), how the
 * control image is drawn, and the sampling defaults (the workflow's own values when left out).
 */
const sidecarSchema = z.strictObject({
  label: z.string().trim().min(1).max(80).optional(),
  render_profile: z.enum(RENDER_PROFILES as [RenderProfile, ...RenderProfile[]]).optional(),
  min_long_side: z.number().int().min(0).max(2048).optional(),
  inputs: z.strictObject({
    pose_image: refs,
    prompt: refs,
    ...Object.fromEntries(NAMED_INPUTS.filter((n) => n !== 'pose_image' && n !== 'prompt').map((n) => [n, refs.optional()])),
  } as Record<'pose_image' | 'prompt', typeof refs> & Record<Exclude<NamedInput, 'pose_image' | 'prompt'>, z.ZodOptional<typeof refs>>),
  output: z.string().min(1).max(64).optional(),
  defaults: z
    .strictObject({
      steps: bounded(SAMPLING_BOUNDS.steps).int().optional(),
      cfg: bounded(SAMPLING_BOUNDS.cfg).optional(),
      strength: bounded(SAMPLING_BOUNDS.strength).optional(),
    })
    .optional(),
});
/** A sidecar as read: each value's places as a list. */
export type Sidecar = z.output<typeof sidecarSchema>;

/** A sidecar read and checked against its workflow, or why not. */
export type ReadSidecar = { ok: true; sidecar: Sidecar; template: WorkflowTemplate } | { ok: false; error: string };

/** Checks that a parsed JSON value is an API-format workflow: node ids to {class_type, inputs}. */
export function checkApiWorkflow(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'is not a JSON object of nodes';
  if ('nodes' in value && 'links' in value) return 'is in ComfyUI\'s UI format; export it with "Save (API Format)"';
  const entries = Object.entries(value);
  if (!entries.length) return 'has no nodes';
  for (const [id, node] of entries) {
    const n = node as { class_type?: unknown; inputs?: unknown } | null;
    if (typeof n?.class_type !== 'string' || typeof n.inputs !== 'object' || n.inputs === null)
      return `node ${id} has no class_type and inputs: not an API-format workflow`;
  }
  return null;
}

function checkRef(graph: ComfyWorkflow, name: string, { node, input }: InputRef): string | null {
  const target = graph[node];
  if (!target) return `inputs.${name} names node ${node}, which the workflow does not have`;
  if (!(input in target.inputs)) return `inputs.${name} names input "${input}" of node ${node} (${target.class_type}), which that node does not have`;
  return null;
}

/** Reads a sidecar's JSON against its workflow: every named node and input must exist there. */
export function readSidecar(value: unknown, graph: ComfyWorkflow): ReadSidecar {
  const parsed = sidecarSchema.safeParse(value, { reportInput: true });
  if (!parsed.success) return { ok: false, error: describeIssues(parsed.error.issues) };
  const sidecar = parsed.data;
  const inputs = sidecar.inputs as Partial<Record<NamedInput, InputRef[]>>;
  for (const [name, list] of Object.entries(inputs)) {
    for (const ref of list ?? []) {
      const error = checkRef(graph, name, ref);
      if (error) return { ok: false, error };
    }
  }
  const output = sidecar.output ?? Object.entries(graph).find(([, n]) => n.class_type === 'SaveImage')?.[0];
  if (!output) return { ok: false, error: 'the workflow has no SaveImage node; name the node whose images are the outputs in "output"' };
  if (!graph[output]) return { ok: false, error: `output names node ${output}, which the workflow does not have` };
  return { ok: true, sidecar, template: { graph, inputs, output } };
}
