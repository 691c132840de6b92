import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from '../../../server/engines/comfyui/comfyuiEngine';
import { loadComfyUiSettings, type ComfyUiSettings } from '../../../server/engines/comfyui/comfyUiConfig';
import { WorkflowCatalog } from '../../../server/engines/comfyui/profiles/workflowCatalog';
import type { WorkflowTemplate } from '../../../server/engines/comfyui/workflow';
import { renderControlImage } from '../../../server/engines/controlImage';
import type { EngineJob } from '../../../server/engines/engine';
import { decodePng } from '../../../server/engines/png/decodePng';
import { parsePoseJson, toOpenPoseJson } from '../../../src/pose/index';
import { nodeDefinitions } from '../../support/comfyuiNodeDefs';
import { validateWorkflow, type TestWorkflow } from '../../support/comfyuiTestNodes';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { samplePose } from '../../support/generationApp';
import { renderInline } from '../../support/inlineRender';

const FOLDERS = {
  diffusion_models: ['flux1-dev.safetensors', 'qwen_image_fp8_e4m3fn.safetensors', 'z_image_turbo_bf16.safetensors'],
  text_encoders: ['clip_l.safetensors', 't5xxl_fp16.safetensors', 'qwen_2.5_vl_7b_fp8_scaled.safetensors', 'qwen_3_4b.safetensors'],
  vae: ['ae.safetensors', 'qwen_image_vae.safetensors'],
  model_patches: ['Z-Image-Turbo-Fun-Controlnet-Union.safetensors'],
};
const CHECKPOINTS = ['v1-5-pruned-emaonly.safetensors', 'sd_xl_base_1.0.safetensors'];
const POSE_CONTROLNETS = [
  'control_v11p_sd15_openpose.pth',
  'xinsir-controlnet-openpose-sdxl-1.0.safetensors',
  'FLUX.1-dev-ControlNet-Union-Pro-2.0.safetensors',
  'Qwen-Image-InstantX-ControlNet-Union.safetensors',
];
const SD15_DEPTH = 'control_v11f1p_sd15_depth.pth';
const SDXL_UNION = 'xinsir-controlnet-union-sdxl-1.0-promax.safetensors';
const pose = (parsePoseJson(samplePose()) as { ok: true; document: EngineJob['pose'] }).document;
const job: EngineJob = {
  id: 'job-1',
  prompt: 'a dancer',
  negativePrompt: '',
  width: 320,
  height: 480,
  gNumber: 1,
  seed: 5,
  pose,
  poseJson: toOpenPoseJson(pose),
};

let server: ComfyUiTestServer;
const settings = (): ComfyUiSettings => ({ ...loadComfyUiSettings({ COMFYUI_URLS: server.url }), timeoutMs: 5000 });
const depthStates = async () => Object.fromEntries((await new WorkflowCatalog(settings()).current()).map((s) => [s.profile.id, s.depth]));
const definitions = () =>
  nodeDefinitions({ folders: { ...FOLDERS, controlnet: server.controlnets, checkpoints: CHECKPOINTS }, uploads: ['pose.png', 'depth.png'] });

// Every node class, input and value as ComfyUI defines them (an undefined input is silently ignored by ComfyUI, so it is refused here).
function expectValid(template: WorkflowTemplate): void {
  const defs = definitions();
  const undefinedInputs = Object.values(template.graph).flatMap((node) => {
    const declared = defs[node.class_type]?.input;
    return Object.keys(node.inputs)
      .filter((input) => !declared || !(input in declared.required || input in (declared.optional ?? {})))
      .map((input) => `${node.class_type}.${input}`);
  });
  expect(undefinedInputs).toEqual([]);
  const filled = structuredClone(template.graph) as TestWorkflow;
  filled[template.inputs.pose_image![0]!.node]!.inputs.image = 'pose.png';
  filled[template.inputs.depth_image![0]!.node]!.inputs.image = 'depth.png';
  expect(validateWorkflow(filled, defs)).toBeNull();
}

beforeAll(async () => {
  server = await new ComfyUiTestServer().start();
  server.checkpoints = CHECKPOINTS;
  server.controlnets = [...POSE_CONTROLNETS, SD15_DEPTH, SDXL_UNION];
  Object.assign(server.folders, FOLDERS);
});
afterAll(() => server.close());

describe('depth ControlNets beside the OpenPose one', () => {
  it('chains the depth ControlNet after the pose in every profile that has one, in workflows ComfyUI accepts', async () => {
    const depth = await depthStates();
    for (const id of ['sd15', 'sdxl', 'flux-union', 'qwen-image-union']) {
      expect(depth[id]!.reason, id).toBeNull();
      const template = depth[id]!.template!;
      expectValid(template);
      const applies = Object.entries(template.graph).filter(([, n]) => n.class_type === 'ControlNetApplyAdvanced');
      expect(applies, id).toHaveLength(2);
      const [depthId, depthNode] = applies.find(([, n]) => n._meta?.title === 'Depth ControlNet')!;
      const [poseId] = applies.find(([, n]) => n !== depthNode)!;
      expect(depthNode.inputs.positive).toEqual([poseId, 0]);
      const sampler = Object.values(template.graph).find((n) => n.class_type === 'KSampler')!;
      expect([sampler.inputs.positive, sampler.inputs.negative]).toEqual([
        [depthId, 0],
        [depthId, 1],
      ]);
    }
    expect(
      Object.values(depth.sd15!.template!.graph).find((n) => n.class_type === 'ControlNetLoader' && n.inputs.control_net_name === SD15_DEPTH),
    ).toBeDefined();
    // SDXL has no depth model of its own here: the union model, told its input is a depth map.
    const sdxl = Object.values(depth.sdxl!.template!.graph);
    expect(sdxl.find((n) => n.class_type === 'SetUnionControlNetType')?.inputs.type).toBe('depth');
    expect(sdxl.find((n) => n.class_type === 'ControlNetLoader' && n.inputs.control_net_name === SDXL_UNION)).toBeDefined();
  });

  it('says why a profile has no depth: a model the servers lack, or a workflow that takes none', async () => {
    server.controlnets = POSE_CONTROLNETS;
    try {
      const depth = await depthStates();
      expect(depth.sd15!.reason).toBe(
        'The ComfyUI server has no SD1.5 depth ControlNet (control_v11f1p_sd15_depth, or a name with "sd15" and "depth") in models/controlnet.',
      );
      expect(depth.sdxl!.reason).toBe('The ComfyUI server has no SDXL depth ControlNet (a name with "depth" and "xl") in models/controlnet.');
      expect(depth['z-image-turbo-union']!.reason).toMatch(/^Its Fun union patch takes one control image/);
      // The union models read depth themselves: they keep it.
      expect(depth['flux-union']!.reason).toBeNull();
    } finally {
      server.controlnets = [...POSE_CONTROLNETS, SD15_DEPTH, SDXL_UNION];
    }
  });

  it("sends the pose's depth map with its own strength when the prompt asks for depth, and only the pose when it does not", async () => {
    const config = settings();
    const run = (sampling: EngineJob['sampling']) =>
      createComfyUiEngine(server.url, config, new WorkflowCatalog(config)).run(
        { ...job, sampling },
        { onProgress: () => {}, signal: new AbortController().signal, render: renderInline },
      );
    await run({ workflow: 'sd15', depth: true, depthStrength: 0.45 });
    const workflow = server.prompts.at(-1)!.workflow;
    // The depth ControlNet is the one applied after the pose's.
    const depthApply = Object.values(workflow).find(
      (n) => n.class_type === 'ControlNetApplyAdvanced' && workflow[(n.inputs.positive as [string, number])[0]]?.class_type === 'ControlNetApplyAdvanced',
    )!;
    expect(depthApply.inputs.strength).toBe(0.45);
    const depthLoad = workflow[(depthApply.inputs.image as [string, number])[0]]!;
    const uploaded = decodePng(server.uploads.get(depthLoad.inputs.image as string)!);
    expect(Buffer.from(uploaded.data).equals(Buffer.from(decodePng(renderControlImage(pose, 320, 480, { kind: 'depth' })).data))).toBe(true);
    await run({ workflow: 'sd15', depth: false });
    expect(Object.values(server.prompts.at(-1)!.workflow).filter((n) => n.class_type === 'ControlNetApplyAdvanced')).toHaveLength(1);
  });
});
