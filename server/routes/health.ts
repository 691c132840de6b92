import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/api/contract.js';
import { sendData } from '../http/envelope.js';

const startedAt = Date.now();

/** GET /v1/health: tells a load balancer or a developer that the API answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(API_PATHS.health, async (_request, reply) => sendData(reply, { status: 'ok', uptime_s: Math.round((Date.now() - startedAt) / 1000) }));
}
