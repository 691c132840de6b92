import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, TEST_ENV } from '../../support/generationApp';

let app: FastifyInstance;
let alice: TestUser;
let bob: TestUser;

const submit = (user: TestUser) =>
  app.inject({ method: 'POST', url: '/v1/query_prompt', headers: bearer(user), payload: promptBody({ width: 32, height: 32, gNumber: 1 }) });
const estimate = (user: TestUser) =>
  app.inject({ method: 'POST', url: '/v1/query_prompt_estimator', headers: bearer(user), payload: { image_url: '/files/users/nobody/x.png?expires=1&sig=x' } });

beforeAll(async () => {
  app = await generationApp(tempDataDir(), {
    env: { PROMPT_RATE_PER_MIN: '3', ESTIMATE_RATE_PER_MIN: '2', PRESIGN_RATE_PER_MIN: '2', HISTORY_RATE_PER_MIN: '4', ESTIMATOR_PRELOAD: '0' },
  });
  [alice, bob] = await Promise.all([createTestUser('rate-alice'), createTestUser('rate-bob')]);
}, 60_000);
afterAll(() => app.close());

describe('per-user submission rates', () => {
  it('answers the prompt past the per-minute limit with a 429 in the envelope and Retry-After, for that user only', async () => {
    for (let i = 0; i < 3; i++) expect((await submit(alice)).statusCode).toBe(200);
    const refused = await submit(alice);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 429,
      response_metadata: {
        error: { code_n: 42901, description: expect.stringMatching(/^You sent 3 prompts in the last minute, the most allowed; try again in \d+ s$/) },
      },
    });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // Bob is not held back by Alice, and reading the history is not a submission.
    expect((await submit(bob)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1/history', headers: bearer(alice) })).statusCode).toBe(200);
    // The refused prompt was not queued.
    expect((await app.inject({ method: 'GET', url: '/v1/history', headers: bearer(alice) })).json().data.total).toBe(3);
  });

  it('answers upload URLs and history lists past their rates with a 429 and Retry-After', async () => {
    const presign = () =>
      app.inject({ method: 'GET', url: '/v1/get_presign_url?filename=a.png&content_type=image/png&purpose=estimation', headers: bearer(bob) });
    for (let i = 0; i < 2; i++) expect((await presign()).statusCode).toBe(200);
    const refused = await presign();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().response_metadata.error.description).toMatch(/^You sent 2 upload URL requests in the last minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const lists = [];
    for (let i = 0; i < 5; i++) lists.push((await app.inject({ method: 'GET', url: '/v1/history', headers: bearer(bob) })).statusCode);
    expect(lists).toEqual([200, 200, 200, 200, 429]);
  });

  it('counts estimate submissions apart from prompts, even ones refused for their input', async () => {
    for (let i = 0; i < 2; i++) expect((await estimate(bob)).statusCode).toBe(403);
    const refused = await estimate(bob);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().response_metadata.error.description).toMatch(/^You sent 2 estimates in the last minute/);
    expect((await submit(bob)).statusCode).toBe(200);
  });

  it('checks the token before the rate: a caller without one hears 401, not 429', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/query_prompt', payload: promptBody() });
    expect(res.statusCode).toBe(401);
  });
});

describe('the rate settings', () => {
  it('have defaults no person reaches, and refuse nonsense settings', () => {
    expect(loadConfig(TEST_ENV).rateLimits).toEqual({ promptsPerMinute: 60, estimatesPerMinute: 30, presignsPerMinute: 30, historyPerMinute: 180 });
    expect(() => loadConfig({ ...TEST_ENV, PROMPT_RATE_PER_MIN: '0' })).toThrow('PROMPT_RATE_PER_MIN must be a whole number from 1 to 1000000, got "0"');
    expect(() => loadConfig({ ...TEST_ENV, ESTIMATE_RATE_PER_MIN: 'lots' })).toThrow('ESTIMATE_RATE_PER_MIN must be');
  });
});
