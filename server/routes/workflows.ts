import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/api/contract.js';
import { sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { describeWorkflows } from '../jobs/workflowChoice.js';
import { callerOf } from './validation.js';

/** GET /v1/workflows: the workflow profiles offered (available or not, and why), the default one and the sampling limits. */
export async function workflowRoutes(app: FastifyInstance, { runtime }: { runtime: GenerationRuntime }): Promise<void> {
  app.get(API_PATHS.workflows, async (request, reply) => {
    callerOf(request);
    reply.header('Cache-Control', 'private, no-cache');
    return sendData(reply, await describeWorkflows(runtime));
  });
}
