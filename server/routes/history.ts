import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/api/contract.js';
import { historyQuery, type HistoryResponse } from '../../src/api/schemas.js';
import { HistoryVersions, matchesEtag } from '../events/historyVersions.js';
import { sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { toHistoryItem } from '../jobs/historyItem.js';
import { callerOf, parseRequest, promptNotFound } from './validation.js';

/**
 * GET /v1/history: the caller's prompts, newest first, with signed image URLs. Answers carry an
 * ETag per user and query; a request naming the current one gets 304 without touching the database.
 */
export async function historyRoutes(app: FastifyInstance, { runtime }: { runtime: GenerationRuntime }): Promise<void> {
  const versions = new HistoryVersions();
  const stopHearing = runtime.changes.on((change) => versions.apply(change));
  app.addHook('onClose', async () => stopHearing());

  app.get(API_PATHS.history, async (request, reply) => {
    const user = callerOf(request);
    const query = parseRequest(historyQuery, request.query);
    // Taken before the read: a change during the read gives the next request a new tag.
    const etag = versions.etag(user.uid, `${query.page}/${query.page_size}/${query.prompt_id ?? ''}`);
    // private: one user's history must not sit in a shared cache; no-cache: always asked again, cheaply.
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
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
