import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_EVENT_LIMITS } from '../../../src/api/contract';
import { parsePoseJson, toOpenPoseJson } from '../../../src/pose/index';
import { createComfyUiEngine } from '../../../server/engines/comfyui/comfyuiEngine';
import { loadComfyUiSettings, type ComfyUiSettings } from '../../../server/engines/comfyui/comfyUiConfig';
import { WorkflowCatalog } from '../../../server/engines/comfyui/profiles/workflowCatalog';
import type { EngineJob } from '../../../server/engines/engine';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, samplePose, tempDataDir } from '../../support/generationApp';
import { renderInline } from '../../support/inlineRender';
import { openEvents, promptIdsIn, updateOf, type EventsConnection } from '../../support/promptEventsClient';

// Sampling previews: ComfyUI sends a binary frame per step (when the prompt asks for previews);
// the engine shrinks the latest to a small JPEG a few times a second, and the owner's event
// connection carries it. Nothing is stored.

let gpu: ComfyUiTestServer;
const open: EventsConnection[] = [];

/** The size of a JPEG, read from its SOF0/SOF2 segment. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  for (let i = 2; i < bytes.length;) {
    const marker = bytes[i + 1];
    const length = bytes.readUInt16BE(i + 2);
    if (marker === 0xc0 || marker === 0xc2) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  throw new Error('no frame header');
}
const jpegOf = (dataUrl: string) => Buffer.from(dataUrl.slice('data:image/jpeg;base64,'.length), 'base64');

beforeAll(async () => {
  gpu = await new ComfyUiTestServer().start();
});
afterAll(async () => {
  for (const connection of open) connection.ws.close();
  await gpu.close();
});

describe('ComfyUI previews through the prompt events', () => {
  let app: FastifyInstance;
  let base: string;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    app = await generationApp(tempDataDir(), { env: { ENGINE: 'comfyui', COMFYUI_URLS: gpu.url } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    [alice, bob] = await Promise.all([createTestUser('alice'), createTestUser('bob')]);
  });
  afterAll(() => app.close());

  it("reach the prompt's owner before its images, as small JPEGs, and nobody else", async () => {
    gpu.steps = 8;
    gpu.stepMs = 150;
    const mine = openEvents(base, alice.idToken);
    const theirs = openEvents(base, bob.idToken);
    open.push(mine, theirs);
    await Promise.all([mine.next((m) => m.type === 'events.ready'), theirs.next((m) => m.type === 'events.ready')]);

    const res = await app.inject({
      method: 'POST',
      url: '/v1/query_prompt',
      headers: bearer(alice),
      payload: promptBody({ width: 400, height: 600, gNumber: 1 }),
    });
    const promptId = res.json().data.prompt_id as string;
    await mine.next(updateOf(promptId, 'done'), 20_000);

    expect(gpu.prompts.at(-1)!.extraData).toEqual({ preview_method: 'auto' });
    const ofPrompt = mine.messages.filter((m) => 'prompt_id' in m && m.prompt_id === promptId);
    const previews = ofPrompt.flatMap((m) => (m.type === 'prompt.preview' ? [m.data.image] : []));
    expect(previews.length).toBeGreaterThan(0);
    // Fewer than the frames ComfyUI sent: the latest, a few a second.
    expect(previews.length).toBeLessThan(gpu.steps);
    const firstWithImages = ofPrompt.findIndex((m) => m.type === 'prompt.update' && m.data.images.length > 0);
    expect(ofPrompt.findIndex((m) => m.type === 'prompt.preview')).toBeLessThan(firstWithImages);
    for (const preview of previews) {
      expect(preview).toMatch(/^data:image\/jpeg;base64,/);
      const jpeg = jpegOf(preview);
      expect(jpeg.length).toBeLessThanOrEqual(PROMPT_EVENT_LIMITS.previewMaxBytes);
      const { width, height } = jpegSize(jpeg);
      expect(Math.max(width, height)).toBeLessThanOrEqual(320);
      expect(width / height).toBeCloseTo(512 / 384, 1);
    }
    expect(promptIdsIn(theirs.messages).has(promptId)).toBe(false);
    // Previews are in no history: the prompt's item has its images, nothing else was kept.
    const item = (await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${promptId}`, headers: bearer(alice) })).json().data.items[0];
    expect(JSON.stringify(item)).not.toContain('data:image/jpeg');
  });
});

describe('the engine and preview frames', () => {
  const pose = (parsePoseJson(samplePose()) as { ok: true; document: EngineJob['pose'] }).document;
  const job: EngineJob = {
    id: 'job-p',
    prompt: 'a knight',
    negativePrompt: '',
    width: 256,
    height: 256,
    gNumber: 1,
    seed: 5,
    pose,
    poseJson: toOpenPoseJson(pose),
  };
  const run = async (settings: ComfyUiSettings) => {
    const frames: Buffer[] = [];
    const engine = createComfyUiEngine(gpu.url, settings, new WorkflowCatalog(settings));
    await engine.run(job, { onProgress: () => {}, onPreview: (jpeg) => frames.push(jpeg), signal: new AbortController().signal, render: renderInline });
    return frames;
  };
  const settings = (env: Record<string, string> = {}) => loadComfyUiSettings({ COMFYUI_URLS: gpu.url, ...env });

  it('reads the newer frames with metadata (PREVIEW_IMAGE_WITH_METADATA) as well as the legacy ones', async () => {
    gpu.steps = 4;
    gpu.stepMs = 120;
    gpu.previewFormat = 'metadata';
    try {
      const frames = await run(settings({ COMFYUI_PREVIEW_METHOD: 'taesd' }));
      expect(gpu.prompts.at(-1)!.extraData).toEqual({ preview_method: 'taesd' });
      expect(frames.length).toBeGreaterThan(0);
      for (const frame of frames) expect([frame[0], frame[1]]).toEqual([0xff, 0xd8]);
    } finally {
      gpu.previewFormat = 'legacy';
    }
  });

  it('asks ComfyUI for no previews, and relays none, with COMFYUI_PREVIEW_METHOD=none', async () => {
    gpu.steps = 4;
    gpu.stepMs = 60;
    expect(await run(settings({ COMFYUI_PREVIEW_METHOD: 'none' }))).toEqual([]);
    expect(gpu.prompts.at(-1)!.extraData).toEqual({ preview_method: 'none' });
  });
});
