import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryItem, WorkflowsResponse } from '../../../src/api/schemas';
import { createComfyUiEngine } from '../../../server/engines/comfyui/comfyuiEngine';
import { loadComfyUiSettings } from '../../../server/engines/comfyui/comfyUiConfig';
import { WorkflowCatalog } from '../../../server/engines/comfyui/profiles/workflowCatalog';
import { videoGraph } from '../../../server/engines/comfyui/videoGraph';
import { fillWorkflow } from '../../../server/engines/comfyui/workflow';
import { JobAbort } from '../../../server/jobs/jobAbort';
import { renderInline } from '../../support/inlineRender';
import { nodeDefinitions } from '../../support/comfyuiNodeDefs';
import { validateWorkflow, type TestWorkflow } from '../../support/comfyuiTestNodes';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, waitFor, walkingPoses } from '../../support/generationApp';
import { probeVideo } from '../../support/testVideos';

// The Wan 2.2 Fun Control video profile against a ComfyUI test server that validates workflows
// against ComfyUI's node definitions and answers SaveVideo as ComfyUI's history does.

/** Wan 2.2 Fun Control's files as ComfyUI's repackaged release names them. */
const WAN_FOLDERS = {
  diffusion_models: ['wan2.2_fun_control_high_noise_14B_fp8_scaled.safetensors', 'wan2.2_fun_control_low_noise_14B_fp8_scaled.safetensors'],
  text_encoders: ['umt5_xxl_fp8_e4m3fn_scaled.safetensors'],
  vae: ['wan_2.1_vae.safetensors'],
};

let gpu: ComfyUiTestServer;
let app: FastifyInstance;
let alice: TestUser;
const settings = () => ({ ...loadComfyUiSettings({ COMFYUI_URLS: gpu.url }), timeoutMs: 5000 });
const offered = async () => (await new WorkflowCatalog(settings()).current()).map((s) => s.profile.id);

const submit = (body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(alice), payload: promptBody({ gNumber: 1, ...body }) });

beforeAll(async () => {
  gpu = await new ComfyUiTestServer().start();
  Object.assign(gpu.folders, WAN_FOLDERS);
  app = await generationApp(tempDataDir(), { env: { ENGINE: 'comfyui', COMFYUI_URLS: gpu.url, COMFYUI_MODELS_REFRESH_S: '0.05' }, workers: true });
  alice = await createTestUser('wan-video');
}, 60_000);
afterAll(async () => {
  await app.close();
  await gpu.close();
});

describe('the Wan 2.2 Fun Control video profile', () => {
  it('builds a workflow of node classes, inputs, types and values ComfyUI defines, one LoadImage a frame batched in order', async () => {
    const { template, profile } = await new WorkflowCatalog(settings()).forRun('wan-fun-control');
    const controlFramesGraph = (filled: ReturnType<typeof fillWorkflow>, uploaded: string[], fps: number) =>
      videoGraph(template, profile.video!, filled, uploaded, fps);
    const uploads = ['a.png', 'b.png', 'c.png', 'd.png', 'e.png'];
    const graph = controlFramesGraph(fillWorkflow(template, { prompt: 'a dancer', width: 640, height: 480, seed: 3, steps: 20, cfg: 3.5 }), uploads, 12);
    const definitions = nodeDefinitions({ folders: WAN_FOLDERS, uploads });
    const undefinedInputs = Object.values(graph).flatMap((node) => {
      const declared = definitions[node.class_type]?.input;
      return Object.keys(node.inputs)
        .filter((input) => !declared || !(input in declared.required || input in (declared.optional ?? {})))
        .map((input) => `${node.class_type}.${input}`);
    });
    expect(undefinedInputs).toEqual([]);
    expect(validateWorkflow(graph as TestWorkflow, definitions)).toBeNull();
    const loaded = Object.values(graph)
      .filter((n) => n.class_type === 'LoadImage')
      .map((n) => n.inputs.image);
    expect(loaded).toEqual(uploads);
    const toVideo = Object.values(graph).find((n) => n.class_type === 'Wan22FunControlToVideo')!;
    expect(toVideo.inputs).toMatchObject({ length: 5, width: 640, height: 480 });
    const samplers = Object.values(graph).filter((n) => n.class_type === 'KSamplerAdvanced');
    expect(samplers.map((n) => [n.inputs.start_at_step, n.inputs.end_at_step])).toEqual([
      [0, 10],
      [10, 10000],
    ]);

    // Six frames: Wan22FunControlToVideo makes 4k + 1, so the video is nine frames holding the last pose.
    const six = controlFramesGraph(fillWorkflow(template, {}), [...uploads, 'f.png'], 12);
    expect(Object.values(six).find((n) => n.class_type === 'Wan22FunControlToVideo')!.inputs.length).toBe(9);
    expect(
      Object.values(six)
        .filter((n) => n.class_type === 'LoadImage')
        .map((n) => n.inputs.image),
    ).toEqual([...uploads, 'f.png', 'f.png', 'f.png', 'f.png']);

    const misspelt = structuredClone(graph) as TestWorkflow;
    const id = Object.keys(misspelt).find((key) => misspelt[key]!.class_type === 'Wan22FunControlToVideo')!;
    const { length, ...rest } = misspelt[id]!.inputs;
    misspelt[id]!.inputs = { ...rest, lenght: length };
    expect(validateWorkflow(misspelt, definitions)).toMatchObject({ node_errors: { [id]: { errors: [{ message: 'Required input is missing' }] } } });
  });

  it('hands the poses to Wan22FunControlToVideo, which lays the control latent where the A14B model reads it', async () => {
    // The A14B Fun Control model reads 36 extra channels: control latent, 4 mask channels, start image. The Wan 2.1
    // WanFunControlToVideo gives ComfyUI no mask position, so ComfyUI puts the mask first and the poses land 4 channels off.
    const { template, profile } = await new WorkflowCatalog(settings()).forRun('wan-fun-control');
    const graph = videoGraph(template, profile.video!, fillWorkflow(template, {}), ['a.png', 'b.png', 'c.png'], 16);
    const takesControl = Object.values(graph).filter((n) => 'control_video' in n.inputs);
    expect(takesControl.map((n) => n.class_type)).toEqual(['Wan22FunControlToVideo']);
    const [batch] = takesControl[0]!.inputs.control_video as [string, number];
    expect(graph[batch]!.class_type).toBe('ImageBatch');
    expect(Object.values(graph).some((n) => n.class_type === 'WanFunControlToVideo')).toBe(false);
  });

  it('is offered only while the server has its nodes and models, and a video prompt is refused with the reason otherwise', async () => {
    expect(await offered()).toContain('wan-fun-control');
    gpu.missingNodes.add('Wan22FunControlToVideo');
    try {
      expect(await offered()).not.toContain('wan-fun-control');
      const named = await new WorkflowCatalog({ ...settings(), profiles: ['wan-fun-control'], profilesNamed: true }).current();
      expect(named.map((s) => [s.available, s.reason])).toEqual([
        [false, 'The ComfyUI server does not have the node Wan22FunControlToVideo (a custom node not installed?).'],
      ]);
      gpu.missingNodes.delete('Wan22FunControlToVideo');
      gpu.folders.vae = [];
      const noVae = await new WorkflowCatalog({ ...settings(), profiles: ['wan-fun-control'], profilesNamed: true }).current();
      expect(noVae[0]!.reason).toBe('The ComfyUI server has no Wan 2.1 VAE ("wan_2.1_vae") in models/vae.');
      await new Promise((resolve) => setTimeout(resolve, 100));
      await waitFor(async () => {
        const res = await submit({ frames: walkingPoses(5) });
        return (
          res.statusCode === 400 &&
          res.json().response_metadata.error.description === 'frames: this ComfyUI server offers no video profile (its nodes or models are missing)'
        );
      });
    } finally {
      gpu.missingNodes.delete('Wan22FunControlToVideo');
      gpu.folders.vae = WAN_FOLDERS.vae;
    }
  });

  it('is listed by GET /v1/workflows as a video profile, and the default for images stays an image profile', async () => {
    const list = async () => (await app.inject({ method: 'GET', url: '/v1/workflows', headers: bearer(alice) })).json().data as WorkflowsResponse;
    // Listed again once the server's check after the test above (models back) has run.
    const listed = await waitFor(async () => {
      const answer = await list();
      return answer.workflows.some((w) => w.id === 'wan-fun-control') ? answer : null;
    });
    const wan = listed.workflows.find((w) => w.id === 'wan-fun-control');
    expect(wan).toMatchObject({ available: true, video: { max_frames: 81 }, controls: ['steps', 'cfg'] });
    expect(listed.workflows.find((w) => w.id === 'sd15')!.video).toBeUndefined();
    expect(listed.default_workflow).toBe('sd15');
  });

  it('refuses a sequence on an image profile, a single pose on the video one, and more frames than Wan takes', async () => {
    const refusal = async (body: Record<string, unknown>) => {
      const res = await submit(body);
      expect(res.statusCode).toBe(400);
      return res.json().response_metadata.error.description as string;
    };
    await waitFor(async () => (await submit({ frames: walkingPoses(1) })).statusCode === 200);
    expect(await refusal({ workflow: 'sd15', frames: walkingPoses(3) })).toBe(
      'frames: SD1.5 + ControlNet OpenPose makes images, not videos; choose a video profile',
    );
    expect(await refusal({ workflow: 'wan-fun-control' })).toBe('workflow: Wan 2.2 Fun Control A14B (video) makes videos; send frames (a pose sequence)');
    expect(await refusal({ frames: walkingPoses(82) })).toBe('frames: Wan 2.2 Fun Control A14B (video) takes at most 81 frames; this sequence has 82');
  });

  it('turns a five-frame sequence into a video in the history, made by the Wan workflow from the five drawn frames', async () => {
    const res = await waitFor(async () => {
      const answer = await submit({ width: 640, height: 480, frames: walkingPoses(5), fps: 12 });
      return answer.statusCode === 200 ? answer : null;
    });
    const id = res.json().data.prompt_id as string;
    const read = async () =>
      (await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${id}`, headers: bearer(alice) })).json().data.items[0] as HistoryItem;
    const item = await waitFor(async () => ((await read()).status === 'done' || (await read()).status === 'failed' ? read() : null), 30_000, 'the video');
    expect(item.status, item.error ?? '').toBe('done');
    expect(item.settings).toMatchObject({ frames: 5, fps: 12, workflow: 'wan-fun-control' });
    expect(item.images).toHaveLength(1);
    expect(item.images[0]).toMatchObject({ content_type: 'video/mp4', width: 640, height: 480, engine: 'comfyui' });

    const sent = gpu.prompts.at(-1)!.workflow;
    const frames = Object.values(sent).filter((n) => n.class_type === 'LoadImage');
    expect(frames).toHaveLength(5);
    expect(new Set(frames.map((n) => n.inputs.image)).size).toBe(5);
    expect(Object.values(sent).find((n) => n.class_type === 'CreateVideo')!.inputs.fps).toBe(12);

    // The stored file is ComfyUI's own: an H.264 MP4 of the five frames at the size asked.
    const download = await app.inject({ method: 'GET', url: item.images[0]!.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('video/mp4');
    expect(probeVideo(download.rawPayload)).toMatchObject({ codec_name: 'h264', width: 640, height: 480, nb_read_frames: '5' });
  });

  it('reports progress a frame at a time while uploading, then through sampling, and interrupts ComfyUI when stopped', async () => {
    gpu.behaviour = 'hang';
    try {
      const controller = new AbortController();
      const progress: number[] = [];
      const engine = createComfyUiEngine(gpu.url, settings(), new WorkflowCatalog(settings()));
      const job = {
        id: 'v1',
        width: 320,
        height: 240,
        seed: 1,
        prompt: 'a dancer',
        frames: walkingPoses(4),
        fps: 16,
        sampling: { workflow: 'wan-fun-control' },
      };
      const run = engine.runVideo!(job, { onProgress: (f) => progress.push(f), signal: controller.signal, render: renderInline });
      await waitFor(async () => progress.some((f) => f > 0.2), 10_000, 'sampling to start');
      controller.abort(new JobAbort('stop'));
      await expect(run).rejects.toBeInstanceOf(JobAbort);
      expect(progress.slice(0, 4).map((f) => +f.toFixed(6))).toEqual([0.05, 0.1, 0.15, 0.2]);
      expect(gpu.interrupts).toContain(gpu.prompts.at(-1)!.promptId);
    } finally {
      gpu.behaviour = 'finish';
    }
  });
});
