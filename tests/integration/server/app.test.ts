import { TEST_ENV } from '../../support/generationApp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';

let app: FastifyInstance;
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-web-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Posecraft</title>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1);'.repeat(200));
  app = await buildApp({ ...loadConfig(TEST_ENV), webRoot });
});
afterAll(() => app.close());

describe('server', () => {
  it('answers GET /v1/health in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
  });

  it('answers an unknown API route with a 404 envelope, not the app', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 404,
      response_metadata: { error: { code_n: 40401, description: 'No such API route: GET /v1/nothing-here' } },
    });
  });

  it("answers under each of the API's prefixes, sockets too, with the envelope, never the app", async () => {
    for (const url of ['/ws_events/x', '/ws_estimator/x', '/v1/x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().response_metadata.error.description, url).toBe(`No such API route: GET ${url}`);
    }
  });

  it('serves index.html, uncached, for client routes so a refresh on /edit works', async () => {
    for (const url of ['/', '/pose', '/edit', '/login', '/some/unknown/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Posecraft</title>');
    }
  });

  it('answers HEAD on client routes as GET does, without the body', async () => {
    for (const url of ['/', '/edit']) {
      const res = await app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe('');
    }
    expect((await app.inject({ method: 'POST', url: '/edit' })).statusCode).toBe(404);
  });

  it('serves hashed assets compressed with a long cache life', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/health', headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().response_metadata.error.code_n).toBeGreaterThan(0);
  });

  it('refuses a PORT that is not a port number', () => {
    expect(() => loadConfig({ ...TEST_ENV, PORT: 'eighty' })).toThrow(/PORT/);
  });
});
