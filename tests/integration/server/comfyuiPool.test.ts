import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, waitFor } from '../../support/generationApp';
import { readPngSize } from '../../support/pngInfo';
import { freePort } from '../../support/freePort';

const dataDir = tempDataDir();
let gpus: ComfyUiTestServer[];
let alice: TestUser;

const submit = async (app: FastifyInstance, body: Record<string, unknown>) =>
  (await app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(alice), payload: body })).json().data.prompt_id as string;
const itemOf = async (app: FastifyInstance, id: string) =>
  (await app.inject({ method: 'GET', url: `/v1/history?prompt_id=${id}`, headers: bearer(alice) })).json().data.items[0];
const toEnd = (app: FastifyInstance, id: string) =>
  waitFor(
    async () => {
      const item = await itemOf(app, id);
      return ['done', 'failed', 'stopped'].includes(item.status) ? item : null;
    },
    15_000,
    'the job to end',
  );
const runToEnd = async (app: FastifyInstance, body: Record<string, unknown>) => toEnd(app, await submit(app, body));

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
      const items = await Promise.all([
        runToEnd(app, promptBody({ width: 250, height: 130, gNumber: 2 })),
        runToEnd(app, promptBody({ width: 64, height: 64, gNumber: 1 })),
      ]);
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

  it('keeps a job queued while its only ComfyUI server is down, and runs it once the server answers', async () => {
    const port = await freePort();
    const app = await generationApp(dataDir, { env: { ENGINE: 'comfyui', COMFYUI_URLS: `http://127.0.0.1:${port}`, COMFYUI_RETRY_S: '0.1' }, workers: true });
    let late: ComfyUiTestServer | null = null;
    try {
      const finished: string[] = [];
      app.generation.workers()!.events.on('finished', ({ outcome }) => finished.push(outcome));
      const id = await submit(app, promptBody({ gNumber: 1 }));
      await waitFor(async () => finished.includes('engine-unavailable'), 10_000, 'the dead server to give the job back');
      expect(await itemOf(app, id)).toMatchObject({ status: 'queued', error: null, queue_position: 1 });
      const engines = async () => (await app.inject({ method: 'GET', url: '/v1/ready' })).json().data.engines;
      // Never heard from: no version known yet.
      expect(await engines()).toEqual([{ engine: 'comfyui', inRotation: false, version: null, previews: false }]);
      late = await new ComfyUiTestServer().start(port);
      late.version = '0.3.50';
      expect(await toEnd(app, id)).toMatchObject({ status: 'done', engine: 'comfyui' });
      expect(late.prompts).toHaveLength(1);
      // Its version as it answered, and previews off: 0.3.50 does not apply a prompt's preview method.
      expect(await engines()).toEqual([{ engine: 'comfyui', inRotation: true, version: '0.3.50', previews: false }]);
    } finally {
      await app.close();
      await late?.close();
    }
  });

  it('fails a job with a clear reason when its ComfyUI server stays down past JOB_ENGINE_WAIT_S', async () => {
    const port = await freePort();
    const env = { ENGINE: 'comfyui', COMFYUI_URLS: `http://127.0.0.1:${port}`, COMFYUI_RETRY_S: '0.1', JOB_ENGINE_WAIT_S: '0.3', JOB_POLL_MS: '50' };
    const app = await generationApp(dataDir, { env, workers: true });
    try {
      const id = await submit(app, promptBody({ gNumber: 1 }));
      expect(await toEnd(app, id)).toMatchObject({
        status: 'failed',
        error: "The engine's server stopped answering and no other server took the job within 0.3 s; giving up",
      });
    } finally {
      await app.close();
    }
  });

  it('takes a server that dies mid-job out of rotation, finishes its job on another, and uses it again once it is back', async () => {
    const [steady, dying] = await Promise.all([new ComfyUiTestServer().start(), new ComfyUiTestServer().start()]);
    steady.stepMs = 40;
    dying.behaviour = 'hang'; // its job is still running when it dies
    const urls = [steady.url, dying.url].join(',');
    const app = await generationApp(dataDir, { env: { ENGINE: 'comfyui', COMFYUI_URLS: urls, COMFYUI_RETRY_S: '0.1' }, workers: true });
    let revived: ComfyUiTestServer | null = null;
    try {
      const ids = [await submit(app, promptBody({ gNumber: 1 })), await submit(app, promptBody({ gNumber: 1 }))];
      await waitFor(async () => dying.prompts.length === 1, 10_000, 'a job to run on the dying server');
      await dying.close();
      for (const id of ids) expect(await toEnd(app, id)).toMatchObject({ status: 'done', images: [{ engine: 'comfyui' }] });
      expect(steady.prompts).toHaveLength(2); // its own job, then the dead server's

      // Back on the same URL: once it answers its health check it gets jobs again. The steady
      // server now hangs, so whichever job it takes, the other can only finish on the revived one.
      revived = await new ComfyUiTestServer().start(Number(new URL(dying.url).port));
      steady.behaviour = 'hang';
      const later = [await submit(app, promptBody({ gNumber: 1 })), await submit(app, promptBody({ gNumber: 1 }))];
      const done = await waitFor(
        async () => {
          const items = await Promise.all(later.map((id) => itemOf(app, id)));
          return items.find((item) => item.status === 'done');
        },
        15_000,
        'a later job to finish on the revived server',
      );
      expect(done.engine).toBe('comfyui');
      expect(revived.prompts).toHaveLength(1);
    } finally {
      await app.close();
      await Promise.all([steady.close(), revived?.close()]);
    }
  });
});
