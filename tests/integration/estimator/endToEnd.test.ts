import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EstimatorMessage } from '../../../src/api/estimatorSocket';
import { parsePoseJson } from '../../../src/pose/index';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, waitFor } from '../../support/generationApp';
import { estimatorApp } from './estimatorApp';

// The whole path a browser takes, with the real models: presign, PUT, POST, socket, GET.
let app: FastifyInstance;
let carol: TestUser;

beforeAll(async () => {
  app = await estimatorApp({});
  carol = await createTestUser('carol');
});
afterAll(() => app.close());

describe('estimating an uploaded photo with the real models', () => {
  it('uploads, estimates and delivers the two players to the socket, and the same result by GET', async () => {
    const presign = await app.inject({
      method: 'GET',
      url: '/v1/get_presign_url?filename=basketball.jpg&content_type=image/jpeg&purpose=estimation',
      headers: bearer(carol),
    });
    const { upload_url, image_url } = presign.json().data as { upload_url: string; image_url: string };
    const photo = fs.readFileSync(path.join(__dirname, '../../fixtures/estimator/basketball.jpg'));
    const put = await app.inject({ method: 'PUT', url: upload_url, headers: { 'content-type': 'image/jpeg' }, payload: photo });
    expect(put.statusCode).toBe(200);

    const messages: EstimatorMessage[] = [];
    const ws = await app.injectWS(
      `/ws_estimator?access_token=${carol.idToken}`,
      {},
      {
        onInit: (socket) => socket.on('message', (data) => messages.push(JSON.parse(data.toString()))),
      },
    );
    const posted = await app.inject({ method: 'POST', url: '/v1/query_prompt_estimator', headers: bearer(carol), payload: { image_url } });
    expect(posted.statusCode).toBe(200);
    const promptId = posted.json().data.prompt_id as string;

    const result = await waitFor(async () => messages.find((m) => m.type !== 'estimation.progress'), 60_000, 'the estimate');
    ws.close();
    expect(result.type).toBe('estimation.result');
    expect(result.prompt_id).toBe(promptId);
    const stages = messages.filter((m) => m.type === 'estimation.progress').map((m) => m.data.stage);
    expect(stages).toEqual(['queued', 'decoding', 'body', 'face', 'hands']);

    // The result is people JSON the editor's own importer reads, in the photo's pixels.
    const parsed = parsePoseJson(result.data);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect([parsed.document.canvas_width, parsed.document.canvas_height]).toEqual([640, 480]);
    expect(parsed.document.people).toHaveLength(2);
    expect(parsed.document.people[0].face).toHaveLength(70);

    const status = await app.inject({ method: 'GET', url: `/v1/query_prompt_estimator?prompt_id=${promptId}`, headers: bearer(carol) });
    expect(status.json().data).toMatchObject({ status: 'done', result: result.data });
  }, 90_000);
});
