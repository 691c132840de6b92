import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from '../../../server/engines/comfyui/comfyuiEngine';
import { WorkflowCatalog } from '../../../server/engines/comfyui/profiles/workflowCatalog';
import type { EngineJob } from '../../../server/engines/engine';
import { loadGenerationConfig } from '../../../server/jobs/generationConfig';
import { JobAbort } from '../../../server/jobs/jobAbort';
import { parsePoseJson, toOpenPoseJson } from '../../../src/pose/index';
import { ComfyUiTestServer, CURRENT_COMFYUI } from '../../support/comfyuiTestServer';
import { samplePose, waitFor } from '../../support/generationApp';
import { renderInline } from '../../support/inlineRender';

const settings = { ...loadGenerationConfig({}).comfyui, timeoutMs: 5000 };
const pose = (parsePoseJson(samplePose()) as { ok: true; document: EngineJob['pose'] }).document;
const job: EngineJob = {
  id: 'job-1',
  prompt: 'a knight',
  negativePrompt: '',
  width: 64,
  height: 64,
  gNumber: 1,
  seed: 7,
  pose,
  poseJson: toOpenPoseJson(pose),
};
const engineFor = (server: ComfyUiTestServer) => createComfyUiEngine(server.url, settings, new WorkflowCatalog({ ...settings, urls: [server.url] }));

/** The versions a server may run: before client prompt ids, before targeted interrupts, and current. */
const VERSIONS = [
  { version: '0.3.40', clientIds: false, targeted: false, previews: false },
  { version: '0.3.50', clientIds: true, targeted: false, previews: false },
  { version: CURRENT_COMFYUI, clientIds: true, targeted: true, previews: true },
];

describe.each(VERSIONS)('on ComfyUI $version', ({ version, clientIds, targeted, previews }) => {
  let server: ComfyUiTestServer;
  beforeAll(async () => {
    server = await new ComfyUiTestServer().start();
    server.version = version;
    server.steps = 3;
  });
  afterAll(() => server.close());

  it('follows the prompt by the id ComfyUI answers with and brings back its images', async () => {
    server.behaviour = 'finish';
    const images = await engineFor(server).run(job, { onProgress: () => {}, signal: new AbortController().signal, render: renderInline });
    expect(images).toHaveLength(1);
    const sent = server.prompts.at(-1)!;
    // Only a server that honours a client's prompt id is given one; the older one names its own in the answer.
    if (clientIds) expect(sent.askedId).toBe(sent.promptId);
    else expect(sent.askedId).toBeUndefined();
  });

  it("on Stop deletes a prompt still waiting in ComfyUI's queue and leaves another client's running prompt alone", async () => {
    server.behaviour = 'finish';
    const foreign = server.queueForeign('hang');
    const controller = new AbortController();
    const run = engineFor(server).run(job, { onProgress: () => {}, signal: controller.signal, render: renderInline });
    const ours = await waitFor(async () => server.prompts.slice(server.prompts.indexOf(foreign) + 1)[0], 5000, 'our prompt to wait in the queue');
    controller.abort(new JobAbort('stop'));
    await expect(run).rejects.toBeInstanceOf(JobAbort);
    expect(server.queueDeletes).toContainEqual({ delete: [ours.promptId] });
    expect(foreign.interrupted).toBe(false);
    expect(server.running).toBe(foreign);
    foreign.interrupted = true;
    await waitFor(async () => server.running === null, 5000, 'the other prompt to end');
  });

  it(`on Stop interrupts its running prompt ${targeted ? 'by its id' : 'with the server-wide interrupt, once ComfyUI shows it running'}`, async () => {
    server.behaviour = 'hang';
    const controller = new AbortController();
    let sampling = false;
    const run = engineFor(server).run(job, { onProgress: (f) => (sampling ||= f > 0.1), signal: controller.signal, render: renderInline });
    await waitFor(async () => sampling, 5000, 'sampling to start');
    const ours = server.running!;
    controller.abort(new JobAbort('stop'));
    await expect(run).rejects.toBeInstanceOf(JobAbort);
    expect(ours.interrupted).toBe(true);
    expect(server.interrupts.at(-1)).toBe(targeted ? ours.promptId : undefined);
  });

  it(`${previews ? 'asks for previews per prompt and relays them' : 'does not count on previews: it reports them off'}`, async () => {
    server.behaviour = 'finish';
    const engine = engineFor(server);
    const frames: Buffer[] = [];
    server.stepMs = 150;
    try {
      await engine.run(job, { onProgress: () => {}, onPreview: (jpeg) => frames.push(jpeg), signal: new AbortController().signal, render: renderInline });
    } finally {
      server.stepMs = 5;
    }
    expect(server.prompts.at(-1)!.extraData.preview_method).toBe(previews ? 'auto' : undefined);
    expect(frames.length > 0).toBe(previews);
    expect(await engine.serverInfo!()).toEqual({ version, previews });
  });
});
