import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIXES } from '../src/api/contract.js';
import { codeForStatus, errorBody } from './http/envelope.js';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached,
 * and every unknown non-API GET answered with index.html so client routes survive a refresh.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (!hasBuild) app.log.warn(`No web build at ${webRoot}: run "npm run build" to serve the app.`);
  else {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    // HEAD is a GET without the body (link checkers and uptime probes use it).
    if (isApi || !['GET', 'HEAD'].includes(request.method) || !hasBuild) {
      const description = isApi ? `No such API route: ${request.method} ${request.url.split('?')[0]}` : 'Not found';
      return reply.status(404).send(errorBody(404, codeForStatus(404), description));
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
