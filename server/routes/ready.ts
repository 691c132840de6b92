import type { FastifyInstance } from 'fastify';
import { API_PATHS, ERROR_CODES } from '../../src/api/contract.js';
import { ApiError, sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';

/**
 * GET /v1/ready: whether this instance can take work, for a load balancer's readiness check.
 * 200 once its database answers and its workers run, with which engines are in rotation (an
 * engine out of rotation does not make the instance unready: prompts wait in the queue) and, for
 * ComfyUI, each server's version and whether it sends previews;
 * 503 saying what is down while starting, shutting down or cut off from the database. Anyone may
 * ask, so it names parts, never URLs or error text (those go to the log).
 */
export async function readyRoutes(app: FastifyInstance, { runtime }: { runtime: GenerationRuntime }): Promise<void> {
  app.get(API_PATHS.ready, async (request, reply) => {
    const { db } = await runtime.open();
    try {
      await db.query('SELECT 1');
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the job database does not answer');
      throw new ApiError(503, ERROR_CODES.unavailable, 'Not ready: the job database does not answer');
    }
    const pool = runtime.workers();
    if (!pool) throw new ApiError(503, ERROR_CODES.unavailable, 'Not ready: the workers have not started yet');
    return sendData(reply, { status: 'ready', database: db.kind, storage: runtime.config.storage.kind, engines: await pool.engineStates() });
  });
}
