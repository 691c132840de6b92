import type { ComfyNode, ComfyWorkflow, WorkflowTemplate } from './workflow.js';

/** One person's prompt and the uploaded mask image of their region (white inside). */
export interface MaskedPrompt {
  prompt: string;
  maskImage: string;
}

type Link = [string, number];

const isLinkTo = (value: unknown, [node, output]: Link) => Array.isArray(value) && value[0] === node && value[1] === output;

/**
 * The workflow with each person's prompt applied to their region: for every node the template
 * writes the prompt into, a copy encodes the person's text, ConditioningSetMask limits it to the
 * person's mask (LoadImageMask, red channel), and ConditioningCombine adds it to the whole-image
 * conditioning, which every node that read the prompt's conditioning now reads instead. Node
 * classes and inputs as ComfyUI's nodes.py defines them.
 */
export function withPersonPrompts(graph: ComfyWorkflow, template: WorkflowTemplate, people: MaskedPrompt[]): ComfyWorkflow {
  if (!people.length) return graph;
  const result = structuredClone(graph);
  const originalIds = Object.keys(result);
  let nextId = Math.max(0, ...originalIds.map(Number).filter(Number.isFinite)) + 1;
  const add = (node: ComfyNode): string => {
    const id = String(nextId++);
    result[id] = node;
    return id;
  };
  const masks = people.map(({ maskImage }) =>
    add({ class_type: 'LoadImageMask', inputs: { image: maskImage, channel: 'red' }, _meta: { title: 'Person mask' } }),
  );
  const promptRefs = template.inputs.prompt ?? [];
  for (const encoder of new Set(promptRefs.map((ref) => ref.node))) {
    const textInputs = promptRefs.filter((ref) => ref.node === encoder).map((ref) => ref.input);
    const whole: Link = [encoder, 0];
    let combined: Link = whole;
    people.forEach(({ prompt }, i) => {
      const own = structuredClone(result[encoder]);
      for (const input of textInputs) own.inputs[input] = prompt;
      own._meta = { title: `Person prompt ${i + 1}` };
      const encoded = add(own);
      const masked = add({
        class_type: 'ConditioningSetMask',
        inputs: { conditioning: [encoded, 0], mask: [masks[i], 0], strength: 1, set_cond_area: 'default' },
      });
      combined = [add({ class_type: 'ConditioningCombine', inputs: { conditioning_1: combined, conditioning_2: [masked, 0] } }), 0];
    });
    for (const id of originalIds) {
      const { inputs } = result[id];
      for (const [input, value] of Object.entries(inputs)) if (isLinkTo(value, whole)) inputs[input] = combined;
    }
  }
  return result;
}
