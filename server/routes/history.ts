import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/api/contract.js';
import { historyQuery, type HistoryResponse } from '../../src/api/schemas.js';
import { sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { toHistoryItem } from '../jobs/historyItem.js';
import { callerOf, parseRequest, promptNotFound } from './validation.js';

/** GET /v1/history: the caller's prompts, newest first, with signed image URLs. */
export async function historyRoutes(app: FastifyInstance, { runtime }: { runtime: GenerationRuntime }): Promise<void> {
  app.get(API_PATHS.history, async (request, reply) => {
    const user = callerOf(request);
    const query = parseRequest(historyQuery, request.query);
    const { store } = await runtime.open();
    const { items, total } = await store.list(user.uid, query.page, query.page_size, query.prompt_id);
    if (query.prompt_id && total === 0) throw promptNotFound(query.prompt_id);
    const storage = runtime.storage();
    const ttl = runtime.config.files.urlTtlSeconds;
    const data: HistoryResponse = {
      items: await Promise.all(items.map((job) => toHistoryItem(job, storage, ttl))),
      total,
      page: query.page,
      page_size: query.page_size,
    };
    return sendData(reply, data);
  });
}
