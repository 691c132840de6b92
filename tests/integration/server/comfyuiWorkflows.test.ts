import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowsResponse } from '../../../src/api/schemas';
import { parsePoseJson, rasterizeOpenPose } from '../../../src/pose/index';
import { decodePng } from '../../../server/engines/png/decodePng';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, samplePose, tempDataDir, waitFor } from '../../support/generationApp';

// One ComfyUI test server (it validates workflows as ComfyUI does) and one app with ENGINE=comfyui,
// a folder of custom workflows and the operator's limits.

let gpu: ComfyUiTestServer;
let app: FastifyInstance;
let alice: TestUser;
const workflowsDir = tempDataDir();

const writeJson = (name: string, value: unknown) => fs.writeFileSync(path.join(workflowsDir, name), JSON.stringify(value));
const workflows = async () => (await app.inject({ method: 'GET', url: '/v1/workflows', headers: bearer(alice) })).json().data as WorkflowsResponse;
const profile = async (id: string) => (await workflows()).workflows.find((w) => w.id === id);
const submit = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(alice), payload: promptBody(body) });
const itemOf = async (id: string) => (await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${id}`, headers: bearer(alice) })).json().data.items[0];
const runToEnd = async (body: Record<string, unknown>) => {
  const res = await submit(body);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.prompt_id as string;
  return waitFor(
    async () => {
      const item = await itemOf(id);
      return ['done', 'failed', 'stopped'].includes(item.status) ? item : null;
    },
    15_000,
    'the job to end',
  );
};
/** The workflow the ComfyUI server received last. */
const received = () => gpu.prompts.at(-1)!.workflow;

/** A Flux-style custom workflow (LoRA, prompt node "6", pose image node "12") in API format, with its sidecar. */
function fluxLike(lora: string) {
  return {
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'v1-5-pruned-emaonly.safetensors' } },
    '10': { class_type: 'LoraLoader', inputs: { model: ['4', 0], clip: ['4', 1], lora_name: lora, strength_model: 0.8, strength_clip: 0.8 } },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: 'placeholder', clip: ['10', 1] } },
    '7': { class_type: 'CLIPTextEncode', inputs: { text: '', clip: ['10', 1] } },
    '12': { class_type: 'LoadImage', inputs: { image: 'example.png' } },
    '11': { class_type: 'ControlNetLoader', inputs: { control_net_name: 'control_v11p_sd15_openpose.pth' } },
    '13': {
      class_type: 'ControlNetApplyAdvanced',
      inputs: { positive: ['6', 0], negative: ['7', 0], control_net: ['11', 0], image: ['12', 0], strength: 0.7, start_percent: 0, end_percent: 1 },
    },
    '5': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 512, batch_size: 1 } },
    '3': {
      class_type: 'KSampler',
      inputs: {
        model: ['10', 0],
        positive: ['13', 0],
        negative: ['13', 1],
        latent_image: ['5', 0],
        seed: 1,
        steps: 12,
        cfg: 3.5,
        sampler_name: 'euler',
        scheduler: 'simple',
        denoise: 1,
      },
    },
    '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
    '9': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'flux' } },
  };
}
const fluxSidecar = {
  label: 'Flux-like with my LoRA',
  inputs: {
    pose_image: { node: '12', input: 'image' },
    prompt: { node: '6', input: 'text' },
    negative_prompt: { node: '7', input: 'text' },
    width: { node: '5', input: 'width' },
    height: { node: '5', input: 'height' },
    batch_size: { node: '5', input: 'batch_size' },
    seed: { node: '3', input: 'seed' },
    steps: { node: '3', input: 'steps' },
    strength: { node: '13', input: 'strength' },
  },
};

beforeAll(async () => {
  gpu = await new ComfyUiTestServer().start();
  gpu.loras = ['my-style.safetensors'];
  writeJson('flux-like.json', fluxLike('my-style.safetensors'));
  writeJson('flux-like.posecraft.json', fluxSidecar);
  writeJson('missing-lora.json', fluxLike('not-installed.safetensors'));
  writeJson('missing-lora.posecraft.json', fluxSidecar);
  writeJson('typo.json', fluxLike('my-style.safetensors'));
  writeJson('typo.posecraft.json', { inputs: { pose_image: { node: '12', input: 'image' }, prompt: { node: '6', input: 'txt' } } });
  const env = {
    ENGINE: 'comfyui',
    COMFYUI_URLS: gpu.url,
    COMFYUI_WORKFLOWS_DIR: workflowsDir,
    COMFYUI_MODELS_REFRESH_S: '0.05',
    COMFYUI_STEPS_MAX: '40',
    COMFYUI_CFG_MAX: '12',
  };
  app = await generationApp(tempDataDir(), { env, workers: true });
  alice = await createTestUser('alice');
});
afterAll(async () => {
  await app.close();
  await gpu.close();
});

describe('workflow profiles', () => {
  it('lists the profiles with the limits; one whose checkpoint the server lacks is unavailable with the reason and refused', async () => {
    const answer = await workflows();
    expect(answer).toMatchObject({
      engine: 'comfyui',
      default_workflow: 'sd15',
      limits: { steps: { min: 1, max: 40 }, cfg: { min: 1, max: 12 }, strength: { min: 0, max: 1.5 } },
    });
    expect(answer.workflows.map((w) => [w.id, w.available])).toEqual([
      ['sd15', true],
      ['sdxl', false],
      ['custom:flux-like', true],
      ['custom:missing-lora', false],
      ['custom:typo', false],
    ]);
    expect(answer.workflows[0]).toMatchObject({
      label: 'SD1.5 + ControlNet OpenPose',
      models: ['v1-5-pruned-emaonly.safetensors', 'control_v11p_sd15_openpose.pth'],
      controls: ['steps', 'cfg', 'strength'],
      defaults: { steps: 20, cfg: 7, strength: 1 },
    });
    expect(answer.workflows[1].reason).toBe('The ComfyUI server has no SDXL checkpoint (a name with "xl") in models/checkpoints.');
    const refused = await submit({ workflow: 'sdxl' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().response_metadata.error.description).toBe(`workflow: SDXL + xinsir OpenPose is not available: ${answer.workflows[1].reason}`);
    expect((await submit({ workflow: 'custom:nope' })).json().response_metadata.error.description).toBe(
      'workflow: this server has no workflow profile "custom:nope"; it offers sd15, sdxl, custom:flux-like, custom:missing-lora, custom:typo',
    );
  });

  it('names what a custom workflow lacks, and what is wrong in a malformed sidecar', async () => {
    expect(await profile('custom:missing-lora')).toMatchObject({ available: false, reason: 'The ComfyUI server has no LoRA "not-installed.safetensors".' });
    expect(await profile('custom:typo')).toMatchObject({
      available: false,
      controls: [],
      reason:
        'The workflow\'s files are malformed: typo.posecraft.json: inputs.prompt names input "txt" of node 6 (CLIPTextEncode), which that node does not have',
    });
  });

  it('refuses steps, CFG and strength outside the limits with a clear 400', async () => {
    const description = async (body: Record<string, unknown>) => {
      const res = await submit(body);
      expect(res.statusCode).toBe(400);
      return res.json().response_metadata.error.description as string;
    };
    expect(await description({ steps: 41 })).toBe('steps: must be from 1 to 40 on this server');
    expect(await description({ steps: 151 })).toBe('steps: must be at most 150');
    expect(await description({ steps: 2.5 })).toBe('steps: must be a whole number');
    expect(await description({ cfg: 12.5 })).toBe('cfg: must be from 1 to 12 on this server');
    expect(await description({ cfg: 0.5 })).toBe('cfg: must be from 1 to 12 on this server');
    expect(await description({ strength: 1.6 })).toBe('strength: must be from 0 to 1.5 on this server');
    expect(await description({ strength: -0.1 })).toBe('strength: must be at least 0');
  });

  it('runs SD1.5 with the settings asked, and keeps them (defaults filled in) with the prompt', async () => {
    const item = await runToEnd({ gNumber: 1, seed: 99, steps: 8, cfg: 5.5 });
    expect(item.status).toBe('done');
    expect(item.settings).toMatchObject({ workflow: 'sd15', seed: 99, steps: 8, cfg: 5.5, strength: 1 });
    const sent = received();
    expect(sent['8'].inputs).toMatchObject({ seed: 99, steps: 8, cfg: 5.5 });
    expect(sent['6'].inputs.strength).toBe(1);
    expect(gpu.prompts.at(-1)!.extraData).toEqual({ preview_method: 'auto' });
  });

  it('runs a custom workflow from the folder with the pose image and the prompt in the inputs its sidecar names', async () => {
    const item = await runToEnd({
      workflow: 'custom:flux-like',
      prompt: 'a knight in the rain',
      negative_prompt: 'lowres',
      width: 300,
      height: 200,
      gNumber: 2,
      seed: 4242,
      strength: 0.55,
    });
    expect(item.status, item.error).toBe('done');
    expect(item.images).toHaveLength(2);
    expect(item.settings).toMatchObject({ workflow: 'custom:flux-like', steps: 12, strength: 0.55 });
    expect(item.settings.cfg).toBeUndefined(); // the sidecar names no CFG input
    const sent = received();
    const poseImage = String(sent['12'].inputs.image);
    expect(poseImage).toMatch(/^posecraft-.*\.png$/);
    expect(gpu.uploads.has(poseImage)).toBe(true);
    expect(sent['6'].inputs.text).toBe('a knight in the rain');
    expect(sent['7'].inputs.text).toBe('lowres');
    expect(sent['5'].inputs).toEqual({ width: 304, height: 200, batch_size: 2 });
    expect(sent['3'].inputs).toMatchObject({ seed: 4242, steps: 12, cfg: 3.5 });
    expect(sent['13'].inputs.strength).toBe(0.55);
    expect(sent['10'].inputs.lora_name).toBe('my-style.safetensors');
  });

  it('draws the SDXL control image the xinsir way at SDXL scale, once the server has the models', async () => {
    gpu.checkpoints = [...gpu.checkpoints, 'sd_xl_base_1.0.safetensors'];
    gpu.controlnets = [...gpu.controlnets, 'xinsir-controlnet-openpose-sdxl-1.0.safetensors'];
    await waitFor(async () => (await profile('sdxl'))?.available, 5000, 'the SDXL profile to become available');
    expect((await profile('sdxl'))!.models).toEqual(['sd_xl_base_1.0.safetensors', 'xinsir-controlnet-openpose-sdxl-1.0.safetensors']);
    const item = await runToEnd({ workflow: 'sdxl', width: 640, height: 360, gNumber: 1 });
    expect(item.status, item.error).toBe('done');
    expect(item.images[0]).toMatchObject({ width: 640, height: 360 });
    const sent = received();
    expect(sent['7'].inputs).toEqual({ width: 1024, height: 576, batch_size: 1 });
    expect(sent['8'].inputs).toMatchObject({ sampler_name: 'dpmpp_2m', scheduler: 'karras' });
    const control = decodePng(gpu.uploads.get(String(sent['4'].inputs.image))!);
    expect([control.width, control.height]).toEqual([1024, 576]);
    // Pixel for pixel src/pose's xinsir drawing (limbs 3x as thick at 1024), not the SD1.5 one.
    const pose = parsePoseJson(samplePose());
    if (!pose.ok) throw new Error('sample pose');
    const draw = (profile: 'xinsir' | 'sd15') => {
      const raster = { width: 1024, height: 576, data: new Uint8ClampedArray(1024 * 576 * 4) };
      rasterizeOpenPose(pose.document, raster, profile);
      return raster.data;
    };
    const lit = (data: ArrayLike<number>) => {
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] > 0) n++;
      return n;
    };
    expect(Buffer.from(control.data).equals(Buffer.from(draw('xinsir')))).toBe(true);
    expect(lit(control.data)).toBeGreaterThan(lit(draw('sd15')) * 1.5);
  });
});
