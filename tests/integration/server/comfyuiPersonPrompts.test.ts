import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryItem } from '../../../src/api/schemas';
import { attachDefaultHand, createDefaultPerson, createEmptyDocument, rasterizeOpenPose, toOpenPoseJson, type PoseDocument } from '../../../src/pose/index';
import { decodePng } from '../../../server/engines/png/decodePng';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, waitFor } from '../../support/generationApp';

// A prompt per person through the API to a ComfyUI test server that validates workflows against
// ComfyUI's node definitions: each person's text is conditioned on a mask of their own region.

let gpu: ComfyUiTestServer;
let app: FastifyInstance;
let alice: TestUser;

/** Two people side by side on an 800 x 600 canvas, each with both hands. */
function twoPeople(): PoseDocument {
  const doc = createEmptyDocument(800, 600);
  for (const x of [220, 580]) {
    const person = createDefaultPerson({ centre: { x, y: 300 }, height: 400 });
    doc.people.push(attachDefaultHand(attachDefaultHand(person, 'left'), 'right'));
  }
  return doc;
}

const PROMPTS = ['a knight in silver armour', 'a wizard in a blue robe'];

async function generate(body: Record<string, unknown>): Promise<HistoryItem> {
  const res = await app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(alice), payload: promptBody(body) });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.prompt_id as string;
  const read = async () =>
    (await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${id}`, headers: bearer(alice) })).json().data.items[0] as HistoryItem;
  return waitFor(async () => ((await read()).status === 'done' || (await read()).status === 'failed' ? read() : null), 15_000, 'the prompt to end');
}

/** The pixels (x, y) a drawing of only this person covers, at the size given. */
function drawnPixels(doc: PoseDocument, person: number, width: number, height: number): number[] {
  const raster = { width, height, data: new Uint8ClampedArray(width * height * 4) };
  rasterizeOpenPose({ ...doc, people: [doc.people[person]!] }, raster);
  const covered: number[] = [];
  for (let i = 0; i < width * height; i++) if (raster.data[i * 4] || raster.data[i * 4 + 1] || raster.data[i * 4 + 2]) covered.push(i);
  return covered;
}

beforeAll(async () => {
  gpu = await new ComfyUiTestServer().start();
  app = await generationApp(tempDataDir(), { env: { ENGINE: 'comfyui', COMFYUI_URLS: gpu.url, COMFYUI_MODELS_REFRESH_S: '0.05' }, workers: true });
  alice = await createTestUser('person-prompts');
});
afterAll(async () => {
  await app.close();
  await gpu.close();
});

describe('a prompt per person on ComfyUI', () => {
  it("conditions each person's text on a mask that covers their drawing and none of the other's, and the history keeps both", async () => {
    const doc = twoPeople();
    const personPrompts = PROMPTS.map((prompt, person) => ({ person, prompt }));
    const item = await generate({ pose: toOpenPoseJson(doc), width: 800, height: 600, gNumber: 1, person_prompts: personPrompts });
    // The test server ran it: every node class, input, link type, combo value and range passed its checks.
    expect(item.status, item.error ?? '').toBe('done');
    expect(item.settings.person_prompts).toEqual(personPrompts);

    const workflow = gpu.prompts.at(-1)!.workflow;
    const nodes = Object.entries(workflow);
    const ofClass = (type: string) => nodes.filter(([, n]) => n.class_type === type);
    const encoders = ofClass('CLIPTextEncode').map(([, n]) => n.inputs.text);
    expect(encoders).toEqual(expect.arrayContaining(['a dancer on a stage', ...PROMPTS]));
    const masks = ofClass('LoadImageMask');
    expect(masks).toHaveLength(2);
    expect(ofClass('ConditioningSetMask')).toHaveLength(2);
    // The sampler's conditioning comes through the ControlNet from the last combination of the whole prompt with both people's.
    const [apply] = ofClass('ControlNetApplyAdvanced');
    const last = workflow[String((apply![1].inputs.positive as [string, number])[0])]!;
    expect(last.class_type).toBe('ConditioningCombine');

    for (const [i, [, maskNode]] of masks.entries()) {
      expect(maskNode.inputs.channel).toBe('red');
      // Which person this mask is for: the ConditioningSetMask that reads it encodes their text.
      const [, setMask] = ofClass('ConditioningSetMask').find(([, n]) => (n.inputs.mask as [string, number])[0] === masks[i]![0])!;
      const text = workflow[String((setMask.inputs.conditioning as [string, number])[0])]!.inputs.text as string;
      const person = PROMPTS.indexOf(text);
      expect(person).toBeGreaterThanOrEqual(0);
      const mask = decodePng(gpu.uploads.get(maskNode.inputs.image as string)!);
      const inside = (pixel: number) => mask.data[pixel * 4] === 255;
      const own = drawnPixels(doc, person, mask.width, mask.height);
      const other = drawnPixels(doc, 1 - person, mask.width, mask.height);
      expect(own.length).toBeGreaterThan(1000);
      expect(own.filter((p) => !inside(p))).toEqual([]);
      expect(other.filter(inside)).toEqual([]);
    }
  });

  it('sends no masks for a prompt without person prompts, and refuses one naming a person the pose lacks', async () => {
    const item = await generate({ gNumber: 1 });
    expect(item.status).toBe('done');
    expect(Object.values(gpu.prompts.at(-1)!.workflow).map((n) => n.class_type)).not.toContain('LoadImageMask');
    expect(item.settings.person_prompts).toBeUndefined();
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/query_prompt',
      headers: bearer(alice),
      payload: promptBody({ person_prompts: [{ person: 1, prompt: 'nobody' }] }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().response_metadata.error.description).toContain('names person 1, but the pose has 1 people');
  });
});
