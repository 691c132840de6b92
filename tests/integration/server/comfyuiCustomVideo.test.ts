import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryItem, WorkflowsResponse } from '../../../src/api/schemas';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, waitFor, walkingPoses } from '../../support/generationApp';
import { probeVideo } from '../../support/testVideos';

// A custom video workflow declared by its sidecar's `video` key, against a ComfyUI test server that
// validates workflows against ComfyUI's node definitions (and VideoHelperSuite's VHS_VideoCombine)
// and answers the combine node's video under `gifs`, as ComfyUI's history does.

const FOLDERS = {
  diffusion_models: ['wan2.2_fun_control_low_noise_14B_fp8_scaled.safetensors'],
  text_encoders: ['umt5_xxl_fp8_e4m3fn_scaled.safetensors'],
  vae: ['wan_2.1_vae.safetensors'],
};

let gpu: ComfyUiTestServer;
let app: FastifyInstance;
let alice: TestUser;
const workflowsDir = tempDataDir();
const writeJson = (name: string, value: unknown) => fs.writeFileSync(path.join(workflowsDir, name), JSON.stringify(value));
const workflows = async () => (await app.inject({ method: 'GET', url: '/v1/workflows', headers: bearer(alice) })).json().data as WorkflowsResponse;
const submit = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(alice), payload: promptBody({ gNumber: 1, ...body }) });

// The example pair docs/workflows.md shows: a one-expert Wan Fun Control workflow saving through VHS_VideoCombine.
const EXAMPLES = path.resolve(import.meta.dirname, '../../../docs/examples');
const readExample = (name: string) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, name), 'utf8')) as Record<string, unknown>;
const example = readExample('wan-control-vhs.json');
const sidecar = readExample('wan-control-vhs.posecraft.json') as { inputs: object; video: object };
const LABEL = 'Wan Fun Control, one expert (VHS)';

beforeAll(async () => {
  gpu = await new ComfyUiTestServer().start();
  Object.assign(gpu.folders, FOLDERS);
  writeJson('wan-vhs.json', example);
  writeJson('wan-vhs.posecraft.json', sidecar);
  writeJson('animated.json', { ...example, '24': { class_type: 'SaveAnimatedWEBP', inputs: { images: ['23', 0], filename_prefix: 'x', fps: 16 } } });
  writeJson('animated.posecraft.json', { ...sidecar, output: '24', video: { ...sidecar.video, frame_rate: { node: '24', input: 'fps' } } });
  writeJson('batch-input.json', example);
  writeJson('batch-input.posecraft.json', { ...sidecar, inputs: { ...sidecar.inputs, pose_image: { node: '21', input: 'control_video' } } });
  const env = { ENGINE: 'comfyui', COMFYUI_URLS: gpu.url, COMFYUI_WORKFLOWS_DIR: workflowsDir, COMFYUI_MODELS_REFRESH_S: '0.05' };
  app = await generationApp(tempDataDir(), { env, workers: true });
  alice = await createTestUser('custom-video');
}, 60_000);
afterAll(async () => {
  await app.close();
  await gpu.close();
});

describe('a custom video workflow', () => {
  it('is listed as a video profile with its frame limit, never as the image default; malformed video sidecars say why', async () => {
    const answer = await workflows();
    const byId = (id: string) => answer.workflows.find((w) => w.id === id);
    expect(byId('custom:wan-vhs')).toMatchObject({ available: true, label: LABEL, video: { max_frames: 49 }, controls: ['steps', 'cfg'] });
    expect(byId('sd15')!.video).toBeUndefined();
    expect(answer.default_workflow).toBe('sd15');
    expect(byId('custom:animated')).toMatchObject({
      available: false,
      reason:
        "The workflow's files are malformed: animated.posecraft.json: output node 24 (SaveAnimatedWEBP) writes an animated image; the history keeps MP4 or WebM videos: use SaveVideo, SaveWEBM, VHS_VideoCombine",
    });
    expect(byId('custom:batch-input')!.reason).toBe(
      "The workflow's files are malformed: batch-input.posecraft.json: inputs.pose_image of a video workflow names one LoadImage node's image input: each frame gets its own LoadImage, joined by ImageBatch",
    );
  });

  it('refuses a single pose and more frames than its sidecar allows', async () => {
    const refusal = async (body: Record<string, unknown>) => (await submit(body)).json().response_metadata.error.description as string;
    expect(await refusal({ workflow: 'custom:wan-vhs' })).toBe(`workflow: ${LABEL} makes videos; send frames (a pose sequence)`);
    expect(await refusal({ workflow: 'custom:wan-vhs', frames: walkingPoses(50) })).toBe(`frames: ${LABEL} takes at most 49 frames; this sequence has 50`);
  });

  it('turns a six-frame sequence into a video: a LoadImage a frame batched into the control input, its length rule, rate and combine output', async () => {
    const res = await submit({ workflow: 'custom:wan-vhs', width: 640, height: 480, frames: walkingPoses(6), fps: 12, steps: 8 });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.prompt_id as string;
    const read = async () =>
      (await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${id}`, headers: bearer(alice) })).json().data.items[0] as HistoryItem;
    const item = await waitFor(async () => ((await read()).status === 'done' || (await read()).status === 'failed' ? read() : null), 30_000, 'the video');
    expect(item.status, item.error ?? '').toBe('done');
    expect(item.settings).toMatchObject({ frames: 6, fps: 12, workflow: 'custom:wan-vhs' });
    expect(item.images[0]).toMatchObject({ content_type: 'video/mp4', width: 640, height: 480 });

    const sent = gpu.prompts.at(-1)!.workflow;
    expect(sent['20']).toBeUndefined();
    const loads = Object.values(sent).filter((n) => n.class_type === 'LoadImage');
    // Length step 4: six frames become nine (4k + 1), the last pose held.
    expect(loads).toHaveLength(9);
    expect(new Set(loads.map((n) => n.inputs.image)).size).toBe(6);
    const control = sent['21']!.inputs;
    expect(sent[String((control.control_video as [string, number])[0])]!.class_type).toBe('ImageBatch');
    expect(control).toMatchObject({ length: 9, width: 640, height: 480 });
    expect(sent['22']!.inputs).toMatchObject({ steps: 8 });
    expect(sent['24']!.inputs).toMatchObject({ frame_rate: 12, format: 'video/h264-mp4' });

    const download = await app.inject({ method: 'GET', url: item.images[0]!.url });
    expect(download.headers['content-type']).toBe('video/mp4');
    expect(probeVideo(download.rawPayload)).toMatchObject({ width: 640, height: 480, nb_read_frames: '9' });
  });
});
