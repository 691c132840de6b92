import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, waitFor } from '../../support/generationApp';

const dataDir = tempDataDir();
let gpu: ComfyUiTestServer;
let alice: TestUser;

const submit = async (app: FastifyInstance, body: Record<string, unknown>) =>
  (await app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(alice), payload: body })).json().data.prompt_id as string;
const itemOf = async (app: FastifyInstance, id: string) =>
  (await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${id}`, headers: bearer(alice) })).json().data.items[0];
const ended = (app: FastifyInstance, id: string) =>
  waitFor(
    async () => {
      const item = await itemOf(app, id);
      return ['done', 'failed', 'stopped'].includes(item.status) ? item : null;
    },
    8000,
    'the prompt to end',
  );

beforeAll(async () => {
  gpu = await new ComfyUiTestServer().start();
  // A busy server learns late that a socket closed (its clientId is forgotten then).
  gpu.socketCloseLagMs = 150;
  alice = await createTestUser('alice');
});
afterAll(() => gpu.close());

describe('a prompt ComfyUI refuses', () => {
  it("is failed at once with ComfyUI's reason, and the prompt after it shows running while ComfyUI runs it", async () => {
    const app = await generationApp(dataDir, { env: { ENGINE: 'comfyui', COMFYUI_URLS: gpu.url, COMFYUI_TIMEOUT_S: '30' }, workers: true });
    try {
      expect(await ended(app, await submit(app, promptBody({ gNumber: 1 })))).toMatchObject({ status: 'done' });
      // Checked while the server had the checkpoint; gone when the prompt reaches it: ComfyUI itself refuses.
      const had = gpu.checkpoints;
      gpu.checkpoints = ['another.safetensors'];
      const refused = await ended(app, await submit(app, promptBody({ gNumber: 1 })));
      gpu.checkpoints = had;
      expect(refused.status).toBe('failed');
      expect(refused.error).toContain("CheckpointLoaderSimple: Value not in list (ckpt_name: 'v1-5-pruned-emaonly.safetensors'");

      gpu.stepMs = 100;
      const next = await submit(app, promptBody({ gNumber: 1 }));
      const seen = await waitFor(
        async () => {
          const item = await itemOf(app, next);
          return gpu.running && item.progress > 0.2 ? item : null;
        },
        8000,
        'the next prompt to show progress while ComfyUI runs it',
      );
      expect(seen.status).toBe('running');
      expect(await ended(app, next)).toMatchObject({ status: 'done', error: null });
    } finally {
      await app.close();
    }
  });
});
