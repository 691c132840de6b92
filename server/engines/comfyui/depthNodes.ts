import type { ModelChoice } from './profiles/workflowProfile.js';
import type { ComfyWorkflow, WorkflowTemplate } from './workflow.js';

/** The depth ControlNet's default strength beside a full-strength pose: enough to give the body its volume, not enough to override the pose. */
export const DEPTH_STRENGTH = 0.6;

/** Where a depth ControlNet comes from: its own ControlNetLoader (the model chosen from the servers' list) or the profile's union loader node. */
export type DepthLoader = { own: ModelChoice } | { node: string };

/** How the depth nodes join a ControlNet workflow. */
export interface DepthNodes {
  /** The ControlNetApplyAdvanced node the depth one follows: it takes that node's conditioning, and the sampler takes its own. */
  after: string;
  loader: DepthLoader;
  /** A union model is told which of its conditions it is given (SetUnionControlNetType, type "depth"). */
  unionType?: boolean;
}

// Node ids of the added nodes, apart from the profiles' numeric ones.
const IMAGE = 'depth_image';
const LOADER = 'depth_loader';
const UNION_TYPE = 'depth_union_type';
const APPLY = 'depth_apply';

/**
 * The template with a depth ControlNet beside the OpenPose one: a LoadImage for the depth map, the
 * ControlNet (its own loader, or the union loader, typed "depth" when the model needs it) and a
 * ControlNetApplyAdvanced chained after the OpenPose one, with the same end percent and VAE; every
 * node that took the OpenPose conditioning (the sampler) takes the depth node's instead.
 */
export function withDepthNodes(template: WorkflowTemplate, { after, loader, unionType }: DepthNodes): WorkflowTemplate {
  const graph: ComfyWorkflow = structuredClone(template.graph);
  const pose = graph[after];
  if (!pose) throw new Error(`withDepthNodes: the workflow has no node ${after}`);
  for (const node of Object.values(graph))
    for (const [input, value] of Object.entries(node.inputs)) if (Array.isArray(value) && value[0] === after) node.inputs[input] = [APPLY, value[1]];
  const loaderNode = 'own' in loader ? LOADER : loader.node;
  if ('own' in loader) graph[LOADER] = { class_type: 'ControlNetLoader', inputs: { control_net_name: '' } };
  if (unionType) graph[UNION_TYPE] = { class_type: 'SetUnionControlNetType', inputs: { control_net: [loaderNode, 0], type: 'depth' } };
  graph[IMAGE] = { class_type: 'LoadImage', inputs: { image: '' }, _meta: { title: 'Depth map' } };
  const { end_percent = 1, vae } = pose.inputs;
  graph[APPLY] = {
    class_type: 'ControlNetApplyAdvanced',
    inputs: {
      positive: [after, 0],
      negative: [after, 1],
      control_net: [unionType ? UNION_TYPE : loaderNode, 0],
      image: [IMAGE, 0],
      strength: DEPTH_STRENGTH,
      start_percent: 0,
      end_percent,
      ...(vae ? { vae } : {}),
    },
    _meta: { title: 'Depth ControlNet' },
  };
  return {
    ...template,
    graph,
    inputs: { ...template.inputs, depth_image: [{ node: IMAGE, input: 'image' }], depth_strength: [{ node: APPLY, input: 'strength' }] },
  };
}

/** The model choice of a depth ControlNet's own loader, as withDepthNodes names its node. */
export function depthModelChoice(what: string, fits: (name: string) => boolean, named?: string | null): ModelChoice {
  return { ref: { node: LOADER, input: 'control_net_name' }, folder: 'controlnet', what, fits, ...(named ? { named } : {}) };
}
