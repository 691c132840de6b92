import { createCanvas } from '@napi-rs/canvas';
import type { NodeDefinition } from './comfyuiNodeDefs';

/** An API-format workflow as the test server receives it. */
export type TestWorkflow = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

export { nodeDefinitions as describeNodes } from './comfyuiNodeDefs';

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

/** Why one input's value is refused (execution.py validate_inputs' words), or null: a link of the wrong type, a combo value not listed, a number out of range. */
function inputError(workflow: TestWorkflow, nodes: Record<string, NodeDefinition>, input: string, spec: unknown[], value: unknown): [string, string] | null {
  if (Array.isArray(value)) {
    const source = workflow[String(value[0])];
    const received = source ? nodes[source.class_type]?.output[Number(value[1])] : undefined;
    if (!source) return ['Required input is missing', `${input}: linked node ${String(value[0])} does not exist`];
    return received === spec[0]
      ? null
      : ['Return type mismatch between linked nodes', `${input}, received_type(${received}) mismatch input_type(${String(spec[0])})`];
  }
  const outOfRange = rangeError(spec, value);
  if (outOfRange) return [outOfRange, input];
  if (Array.isArray(spec[0]) && !(spec[0] as unknown[]).includes(value))
    return ['Value not in list', `${input}: '${String(value)}' not in ${JSON.stringify(spec[0])}`];
  return null;
}

/**
 * Why a test ComfyUI refuses a workflow, as ComfyUI does, or null: an unknown node class, a
 * required input missing, a link from an output of another type, a combo value not in its list
 * (LoadImage's "Invalid image file"), a number outside its range.
 */
export function validateWorkflow(workflow: TestWorkflow, nodes: Record<string, NodeDefinition>): object | null {
  for (const [id, node] of Object.entries(workflow)) {
    const info = nodes[node.class_type];
    if (!info)
      return {
        error: { type: 'invalid_prompt', message: `Cannot execute because node ${node.class_type} does not exist.`, details: `Node ID '#${id}'` },
        node_errors: {},
      };
    for (const input of Object.keys(info.input.required)) if (!(input in node.inputs)) return refusal(id, node.class_type, 'Required input is missing', input);
    for (const [input, value] of Object.entries(node.inputs)) {
      const spec = info.input.required[input] ?? info.input.optional?.[input];
      const error = spec ? inputError(workflow, nodes, input, spec, value) : null;
      if (error)
        return refusal(id, node.class_type, node.class_type === 'LoadImage' && error[0] === 'Value not in list' ? 'Invalid image file' : error[0], error[1]);
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
  const metadata = Buffer.from(
    JSON.stringify({ node_id: nodeId, prompt_id: promptId, display_node_id: nodeId, parent_node_id: null, real_node_id: nodeId, image_type: 'image/jpeg' }),
  );
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
