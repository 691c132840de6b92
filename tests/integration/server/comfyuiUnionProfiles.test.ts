import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from '../../../server/engines/comfyui/comfyuiEngine';
import { loadComfyUiSettings, type ComfyUiSettings } from '../../../server/engines/comfyui/comfyUiConfig';
import { WorkflowCatalog } from '../../../server/engines/comfyui/profiles/workflowCatalog';
import type { EngineJob } from '../../../server/engines/engine';
import { parsePoseJson, toOpenPoseJson } from '../../../src/pose/index';
import { nodeDefinitions } from '../../support/comfyuiNodeDefs';
import { validateWorkflow, type TestWorkflow } from '../../support/comfyuiTestNodes';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { samplePose } from '../../support/generationApp';
import { readPngSize } from '../../support/pngInfo';
import { renderInline } from '../../support/inlineRender';

/** The model files of the three union profiles, as their makers name them (and the wrong kinds beside them). */
const FOLDERS = {
  diffusion_models: [
    'flux1-dev.safetensors',
    'flux1-fill-dev.safetensors',
    'qwen_image_fp8_e4m3fn.safetensors',
    'qwen_image_edit_fp8_e4m3fn.safetensors',
    'z_image_turbo_bf16.safetensors',
  ],
  text_encoders: ['clip_l.safetensors', 't5xxl_fp16.safetensors', 'qwen_2.5_vl_7b_fp8_scaled.safetensors', 'qwen_3_4b.safetensors'],
  vae: ['ae.safetensors', 'qwen_image_vae.safetensors'],
  model_patches: ['Z-Image-Turbo-Fun-Controlnet-Union.safetensors', 'Qwen-Image-2512-Fun-Controlnet-Union.safetensors'],
};
const CONTROLNETS = ['control_v11p_sd15_openpose.pth', 'FLUX.1-dev-ControlNet-Union-Pro-2.0.safetensors', 'Qwen-Image-InstantX-ControlNet-Union.safetensors'];
const UNION_IDS = ['flux-union', 'qwen-image-union', 'z-image-turbo-union', 'qwen-image-fun-union'];
const pose = (parsePoseJson(samplePose()) as { ok: true; document: EngineJob['pose'] }).document;
const job: EngineJob = {
  id: 'job-1',
  prompt: 'a dancer',
  negativePrompt: 'blurry',
  width: 300,
  height: 200,
  gNumber: 1,
  seed: 5,
  pose,
  poseJson: toOpenPoseJson(pose),
};

let server: ComfyUiTestServer;
const settingsFor = (env: Record<string, string> = {}): ComfyUiSettings => ({ ...loadComfyUiSettings({ COMFYUI_URLS: server.url, ...env }), timeoutMs: 5000 });
const offered = async (env: Record<string, string> = {}) =>
  (await new WorkflowCatalog(settingsFor(env)).current()).map((s) => [s.profile.id, s.available, s.reason]);

beforeAll(async () => {
  server = await new ComfyUiTestServer().start();
  server.controlnets = CONTROLNETS;
  Object.assign(server.folders, FOLDERS);
});
afterAll(() => server.close());

describe('the union ControlNet profiles', () => {
  it.each(UNION_IDS)('%s: its workflow uses only node classes, inputs, types and values ComfyUI defines', async (id) => {
    const { template } = await new WorkflowCatalog(settingsFor()).forRun(id);
    const definitions = nodeDefinitions({ folders: { ...FOLDERS, controlnet: CONTROLNETS }, uploads: ['pose.png'] });
    // ComfyUI ignores an input it does not define: a misspelt one would silently do nothing.
    const undefinedInputs = Object.values(template.graph).flatMap((node) => {
      const declared = definitions[node.class_type]?.input;
      return Object.keys(node.inputs)
        .filter((input) => !declared || !(input in declared.required || input in (declared.optional ?? {})))
        .map((input) => `${node.class_type}.${input}`);
    });
    expect(undefinedInputs).toEqual([]);
    const filled = structuredClone(template.graph) as TestWorkflow;
    filled[template.inputs.pose_image![0].node].inputs.image = 'pose.png';
    expect(validateWorkflow(filled, definitions)).toBeNull();
  });

  it('picks the base models, never a fill or edit model beside them', async () => {
    const models = Object.fromEntries((await new WorkflowCatalog(settingsFor()).current()).map((s) => [s.profile.id, s.models]));
    expect(models['flux-union']).toEqual([
      'flux1-dev.safetensors',
      'clip_l.safetensors',
      't5xxl_fp16.safetensors',
      'ae.safetensors',
      'FLUX.1-dev-ControlNet-Union-Pro-2.0.safetensors',
    ]);
    expect(models['qwen-image-union']).toEqual([
      'qwen_image_fp8_e4m3fn.safetensors',
      'qwen_2.5_vl_7b_fp8_scaled.safetensors',
      'qwen_image_vae.safetensors',
      'Qwen-Image-InstantX-ControlNet-Union.safetensors',
    ]);
    // Its patch (ModelPatchLoader's `name`) is chosen too, but the list names loaders' *_name inputs only, as for Z-Image's.
    expect(models['qwen-image-fun-union']).toEqual([
      'qwen_image_fp8_e4m3fn.safetensors',
      'qwen_2.5_vl_7b_fp8_scaled.safetensors',
      'qwen_image_vae.safetensors',
    ]);
  });

  it.each([
    ['flux-union', { guidance: 3.5, strength: 0.9, end_percent: 0.65 }, 1024, 24],
    ['qwen-image-union', { cfg: 2.5, strength: 1 }, 1328, 20],
    ['z-image-turbo-union', { cfg: 1, strength: 0.75 }, 1024, 8],
    ['qwen-image-fun-union', { cfg: 2.5, strength: 1 }, 1328, 20],
  ])('%s runs with its recommended settings at its size and brings the images back at the size asked', async (id, expected, longSide, steps) => {
    const settings = settingsFor({ COMFYUI_STEPS_MAX: '24' });
    const images = await createComfyUiEngine(server.url, settings, new WorkflowCatalog(settings)).run(
      { ...job, sampling: { workflow: id } },
      { onProgress: () => {}, signal: new AbortController().signal, render: renderInline },
    );
    const sent = Object.values(server.prompts.at(-1)!.workflow);
    const inputs = Object.assign(
      {},
      ...sent
        .filter((n) => ['FluxGuidance', 'ControlNetApplyAdvanced', 'ZImageFunControlnet', 'QwenImageDiffsynthControlnet', 'KSampler'].includes(n.class_type))
        .map((n) => n.inputs),
    );
    expect(inputs).toMatchObject({ ...expected, steps });
    expect(sent.find((n) => n.class_type === 'EmptySD3LatentImage')!.inputs).toMatchObject({ width: longSide, batch_size: 1 });
    expect(images.map((i) => readPngSize(i.png))).toEqual([{ width: 300, height: 200 }]);
  });

  it('is offered only while the servers report its nodes and models, and listed with the reason when the operator names it', async () => {
    expect((await offered()).map(([id]) => id)).toEqual(['sd15', 'sdxl', ...UNION_IDS]);
    server.missingNodes.add('ZImageFunControlnet');
    const patches = server.folders.model_patches;
    server.folders.model_patches = [];
    try {
      expect((await offered()).map(([id]) => id)).toEqual(['sd15', 'sdxl', 'flux-union', 'qwen-image-union']);
      expect(await offered({ COMFYUI_PROFILES: 'z-image-turbo-union' })).toEqual([
        [
          'z-image-turbo-union',
          false,
          'The ComfyUI server has no Z-Image Fun union ControlNet patch (a name with "z-image", "fun" and "union") in models/model_patches.',
        ],
      ]);
      server.folders.model_patches = patches;
      expect(await offered({ COMFYUI_PROFILES: 'z-image-turbo-union' })).toEqual([
        ['z-image-turbo-union', false, 'The ComfyUI server does not have the node ZImageFunControlnet (a custom node not installed?).'],
      ]);
    } finally {
      server.missingNodes.delete('ZImageFunControlnet');
      server.folders.model_patches = patches;
    }
  });
});
