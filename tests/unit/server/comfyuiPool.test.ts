import fsx from 'node:fs'; const t0x = Date.now(); process.on('exit', (c) => fsx.appendFileSync('/tmp/exitcodes.log', 'exit ' + c + ' at ' + (Date.now() - t0x) + ' ' + new Error().stack!.split('\n').slice(1, 12).join(' | ') + '\n'));
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, waitFor } from '../../support/generationApp';
import { readPngSize } from '../../support/pngInfo';

const dataDir = tempDataDir();
let gpus: ComfyUiTestServer[];
let alice: TestUser;

async function runToEnd(app: FastifyInstance, body: Record<string, unknown>) {
  const { prompt_id } = (await app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(alice), payload: body })).json().data;
  return waitFor(async () => {
    const item = (await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${prompt_id}`, headers: bearer(alice) })).json().data.items[0];
    return ['done', 'failed', 'stopped'].includes(item.status) ? item : null;
  }, 15_000, 'the job to end');
}

beforeAll(async () => {
  gpus = await Promise.all([new ComfyUiTestServer().start(), new ComfyUiTestServer().start()]);
  for (const gpu of gpus) gpu.stepMs = 40; // slow enough that two jobs overlap
  alice = await createTestUser('alice');
});
afterAll(() => Promise.all(gpus.map((g) => g.close())));

describe('ENGINE=comfyui', () => {
  it('runs jobs on a pool of ComfyUI servers, one job each at a time, and stores their images', async () => {
    const app = await generationApp(dataDir, { env: { ENGINE: 'comfyui', COMFYUI_URLS: gpus.map((g) => g.url).join(',') }, workers: true });
    try {
      const items = await Promise.all([runToEnd(app, promptBody({ width: 250, height: 130, gNumber: 2 })), runToEnd(app, promptBody({ width: 64, height: 64, gNumber: 1 }))]);
      expect(gpus.map((g) => g.prompts.length)).toEqual([1, 1]);
      expect(items.map((i) => i.status)).toEqual(['done', 'done']);
      expect(items[0].engine).toBe('comfyui');
      expect(items[0].images).toHaveLength(2);
      for (const image of items[0].images) {
        expect(image).toMatchObject({ width: 250, height: 130, engine: 'comfyui' });
        expect(readPngSize((await app.inject({ method: 'GET', url: image.url })).rawPayload)).toEqual({ width: 250, height: 130 });
      }
    } finally {
      await app.close();
    }
  });

  it('fails a job with a clear reason when its ComfyUI server is down', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const down = `http://127.0.0.1:${(probe.address() as net.AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    const app = await generationApp(dataDir, { env: { ENGINE: 'comfyui', COMFYUI_URLS: down }, workers: true });
    try {
      const item = await runToEnd(app, promptBody({ gNumber: 1 }));
      expect(item.status).toBe('failed');
      expect(item.error).toBe(`ComfyUI at ${down} is not reachable (progress socket: ECONNREFUSED)`);
    } finally {
      await app.close();
    }
  });
});
