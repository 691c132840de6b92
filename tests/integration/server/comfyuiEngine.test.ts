import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from '../../../server/engines/comfyui/comfyuiEngine';
import type { ComfyUiSettings } from '../../../server/engines/comfyui/comfyUiConfig';
import { WorkflowCatalog } from '../../../server/engines/comfyui/profiles/workflowCatalog';
import { EngineError, type EngineJob } from '../../../server/engines/engine';
import { loadGenerationConfig } from '../../../server/jobs/generationConfig';
import { JobAbort } from '../../../server/jobs/jobAbort';
import { parsePoseJson, toOpenPoseJson } from '../../../src/pose/index';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { samplePose, waitFor } from '../../support/generationApp';
import { readPngSize } from '../../support/pngInfo';
import { freePort } from '../../support/freePort';
import { renderInline } from '../../support/inlineRender';

let server: ComfyUiTestServer;
const settings = { ...loadGenerationConfig({}).comfyui, timeoutMs: 5000 };
const pose = (parsePoseJson(samplePose()) as { ok: true; document: EngineJob['pose'] }).document;
const job = (over: Partial<EngineJob> = {}): EngineJob => ({
  id: 'job-1',
  prompt: 'a knight',
  negativePrompt: 'blurry',
  width: 500,
  height: 300,
  gNumber: 2,
  seed: 77,
  pose,
  poseJson: toOpenPoseJson(over.pose ?? pose),
  ...over,
});
const noProgress = { onProgress: () => {}, signal: new AbortController().signal, render: renderInline };
/** An engine for one server, with its own workflow profiles checked against that server. */
const engineFor = (url: string, s: ComfyUiSettings = settings) => createComfyUiEngine(url, s, new WorkflowCatalog({ ...s, urls: [url] }));

beforeAll(async () => {
  server = await new ComfyUiTestServer().start();
});
afterAll(() => server.close());

describe('the ComfyUI engine', () => {
  it('sends the SD1.5 + ControlNet OpenPose workflow and brings back the images at exactly the size asked', async () => {
    server.behaviour = 'finish';
    const progress: number[] = [];
    const images = await engineFor(server.url).run(job(), { onProgress: (f) => progress.push(f), signal: new AbortController().signal, render: renderInline });
    const sent = server.prompts.at(-1)!;
    const nodes = Object.values(sent.workflow);
    expect(nodes.map((n) => n.class_type).sort()).toEqual([
      'CLIPTextEncode',
      'CLIPTextEncode',
      'CheckpointLoaderSimple',
      'ControlNetApplyAdvanced',
      'ControlNetLoader',
      'EmptyLatentImage',
      'KSampler',
      'LoadImage',
      'SaveImage',
      'VAEDecode',
    ]);
    const w = sent.workflow;
    const byClass = (type: string) => Object.entries(w).find(([, n]) => n.class_type === type)!;
    const [ckptId, ckpt] = byClass('CheckpointLoaderSimple');
    expect(ckpt.inputs.ckpt_name).toBe('v1-5-pruned-emaonly.safetensors');
    expect(byClass('ControlNetLoader')[1].inputs.control_net_name).toBe('control_v11p_sd15_openpose.pth');
    // Latent: 500 x 300 rounded up to multiples of 8, one latent per image.
    expect(byClass('EmptyLatentImage')[1].inputs).toEqual({ width: 504, height: 304, batch_size: 2 });
    const [applyId, apply] = byClass('ControlNetApplyAdvanced');
    const [loadId, load] = byClass('LoadImage');
    expect(apply.inputs.image).toEqual([loadId, 0]);
    const texts = Object.entries(w).filter(([, n]) => n.class_type === 'CLIPTextEncode');
    expect(texts.map(([, n]) => n.inputs.text)).toEqual(['a knight', 'blurry']);
    expect(texts.every(([, n]) => (n.inputs.clip as unknown[])[0] === ckptId)).toBe(true);
    expect(apply.inputs.positive).toEqual([texts[0][0], 0]);
    expect(apply.inputs.negative).toEqual([texts[1][0], 0]);
    const [samplerId, sampler] = byClass('KSampler');
    expect(sampler.inputs).toMatchObject({ seed: 77, model: [ckptId, 0], positive: [applyId, 0], negative: [applyId, 1], steps: 20 });
    expect(byClass('VAEDecode')[1].inputs.samples).toEqual([samplerId, 0]);
    // The control image uploaded is the pose rendered at the latent size.
    expect(readPngSize(server.uploads.get(String(load.inputs.image))!)).toEqual({ width: 504, height: 304 });
    expect(images).toHaveLength(2);
    for (const image of images) expect(readPngSize(image.png)).toEqual({ width: 500, height: 300 });
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it.each([
    [1, 1, { width: 16, height: 16 }],
    [8, 1024, { width: 16, height: 1024 }],
  ])('runs a %i x %i prompt on a latent ComfyUI takes and scales the images to that size', async (width, height, latent) => {
    server.behaviour = 'finish';
    const images = await engineFor(server.url).run(job({ width, height, gNumber: 1 }), noProgress);
    const sent = Object.values(server.prompts.at(-1)!.workflow).find((n) => n.class_type === 'EmptyLatentImage')!;
    expect(sent.inputs).toMatchObject(latent);
    expect(images.map((image) => readPngSize(image.png))).toEqual([{ width, height }]);
  });

  it("gives each job its own client id, so a late close of one job's socket does not leave the next without events", async () => {
    server.behaviour = 'finish';
    server.socketCloseLagMs = 150;
    try {
      const engine = engineFor(server.url, { ...settings, timeoutMs: 2000 });
      for (let n = 0; n < 3; n++) await engine.run(job({ gNumber: 1 }), noProgress);
      const clients = server.prompts.slice(-3).map((p) => p.clientId);
      expect(new Set(clients).size).toBe(3);
    } finally {
      server.socketCloseLagMs = 0;
    }
  });

  it('interrupts ComfyUI when the job is stopped', async () => {
    server.behaviour = 'hang';
    const controller = new AbortController();
    let started = false;
    const run = engineFor(server.url).run(job(), { onProgress: (f) => (started ||= f > 0.1), signal: controller.signal, render: renderInline });
    await waitFor(async () => started, 5000, 'sampling to start');
    controller.abort(new JobAbort('stop'));
    await expect(run).rejects.toBeInstanceOf(JobAbort);
    const promptId = server.prompts.at(-1)!.promptId;
    expect(server.interrupts).toContain(promptId);
    expect(server.queueDeletes).toContainEqual({ delete: [promptId] });
  });

  it('fails with a timeout (and interrupts) when ComfyUI never finishes', async () => {
    server.behaviour = 'hang';
    const started = Date.now();
    const run = engineFor(server.url, { ...settings, timeoutMs: 300 }).run(job(), noProgress);
    await expect(run).rejects.toThrow(new EngineError('ComfyUI did not finish within 0.3 s'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(server.interrupts).toContain(server.prompts.at(-1)!.promptId);
  });

  it("reports ComfyUI's failure and refusal in plain words, with ComfyUI's own text as the detail for the log", async () => {
    server.behaviour = 'error';
    const failed = engineFor(server.url).run(job(), noProgress);
    await expect(failed).rejects.toThrow('ComfyUI failed in KSampler; the server log says why');
    await expect(failed).rejects.toMatchObject({ detail: 'KSampler (node 8): CUDA out of memory' });
    server.behaviour = 'finish';
    // Checked while the server had the checkpoint; removed before the job runs: ComfyUI itself refuses.
    const engine = engineFor(server.url);
    await engine.run(job({ gNumber: 1 }), noProgress);
    const had = server.checkpoints;
    server.checkpoints = ['another.safetensors'];
    try {
      const refused = engine.run(job(), noProgress);
      await expect(refused).rejects.toThrow(
        "ComfyUI refused the workflow (HTTP 400): Prompt outputs failed validation: CheckpointLoaderSimple: Value not in list (ckpt_name: 'v1-5-pruned-emaonly.safetensors'",
      );
      await expect(refused).rejects.toMatchObject({
        detail: expect.stringContaining("CheckpointLoaderSimple: Value not in list (ckpt_name: 'v1-5-pruned-emaonly.safetensors'"),
      });
    } finally {
      server.checkpoints = had;
    }
  });

  it('fails a job whose profile the server cannot run with the reason, before queueing anything', async () => {
    server.behaviour = 'finish';
    const sent = server.prompts.length;
    const missing = engineFor(server.url, { ...settings, checkpoint: 'missing.safetensors' }).run(job(), noProgress);
    await expect(missing).rejects.toThrow('SD1.5 + ControlNet OpenPose is not available: The ComfyUI server has no checkpoint "missing.safetensors".');
    expect(server.prompts).toHaveLength(sent);
  });

  it('fails at once, saying so, when ComfyUI is down', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const started = Date.now();
    await expect(engineFor(url).run(job(), noProgress)).rejects.toThrow(`ComfyUI at ${url} is not reachable (the health check: ECONNREFUSED)`);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
