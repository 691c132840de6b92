import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createTestUser, type TestUser } from '../../support/emulator';
import { TEST_ENV } from '../../support/generationApp';
import { libraryApp, poseApi, saveBody } from './posesSupport';

let app: FastifyInstance;
let api: ReturnType<typeof poseApi>;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  app = await libraryApp({ POSES_RATE_PER_MIN: '3', SHARED_POSE_RATE_PER_MIN: '2' });
  api = poseApi(app);
  [alice, bob] = await Promise.all([createTestUser('poserate-alice'), createTestUser('poserate-bob')]);
}, 60_000);
afterAll(() => app.close());

describe('pose library rate limits', () => {
  it('answers past the per-user limit with a 429 and Retry-After, for that user only, whatever the call', async () => {
    expect((await api.save(alice, saveBody())).statusCode).toBe(200);
    expect((await api.list(alice)).statusCode).toBe(200);
    expect((await api.get(alice, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const refused = await api.list(alice);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().response_metadata.error).toEqual({
      code_n: 42901,
      description: expect.stringMatching(/^You made 3 pose library calls in the last minute, the most allowed; try again in \d+ s$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await api.save(alice, saveBody())).statusCode).toBe(429);
    expect((await api.list(bob)).statusCode).toBe(200);
    // A refused save stored nothing.
    expect((await api.list(bob)).json().data.total).toBe(0);
  });

  it('limits share-link reads per address', async () => {
    const id = 'B'.repeat(24);
    expect((await api.shared(id)).statusCode).toBe(404);
    expect((await api.page(id)).statusCode).toBe(404);
    expect((await api.shared(id)).statusCode).toBe(429);
  });

  it('has defaults no person reaches, and refuses nonsense settings', () => {
    expect(loadConfig({ ...TEST_ENV }).poseRateLimits).toEqual({ perUser: 120, sharedPerAddress: 120 });
    expect(() => loadConfig({ ...TEST_ENV, POSES_RATE_PER_MIN: '0' })).toThrow('POSES_RATE_PER_MIN must be a whole number from 1 to 1000000, got "0"');
  });
});
