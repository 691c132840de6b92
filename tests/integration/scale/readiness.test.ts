import { describe, expect, it } from 'vitest';
import { generationApp, tempDataDir } from '../../support/generationApp';
import { freePort } from '../../support/freePort';

// GET /v1/ready: what a load balancer asks before sending an instance traffic (docs/deploy.md).

const ready = async (app: Awaited<ReturnType<typeof generationApp>>) => {
  const res = await app.inject({ method: 'GET', url: '/v1/ready' });
  const body = res.json();
  return [res.statusCode, res.statusCode === 200 ? body.data : body.response_metadata.error.description];
};

describe('GET /v1/ready', () => {
  it('is 503 until the workers run, then 200 with the database, storage and engines, without sign-in', async () => {
    const app = await generationApp(tempDataDir(), { env: { JOB_WORKERS: '2' } });
    try {
      expect(await ready(app)).toEqual([503, 'Not ready: the workers have not started yet']);
      await app.generation.start();
      const engines = [
        { engine: 'mannequin', inRotation: true },
        { engine: 'mannequin', inRotation: true },
      ];
      expect(await ready(app)).toEqual([200, { status: 'ready', database: 'pglite', storage: 'local', engines }]);
    } finally {
      await app.close();
    }
  });

  it('is 503 saying the database is down, without its URL or error text, when DATABASE_URL cannot be reached', async () => {
    const port = await freePort();
    const app = await generationApp(tempDataDir(), { env: { DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/posecraft` } });
    try {
      const [status, reason] = await ready(app);
      expect(status).toBe(503);
      expect(reason).toBe('The job database is unavailable right now; try again in a moment');
      expect(reason).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|postgres:/);
    } finally {
      await app.close();
    }
  });
});
