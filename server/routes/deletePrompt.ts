import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/api/contract.js';
import { stopPromptRequest, type DeletePromptResponse } from '../../src/api/schemas.js';
import { ApiError, codeForStatus, sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { DELETABLE_STATUSES, deleteFinishedPrompt } from '../jobs/promptDeletion.js';
import { callerOf, parseRequest, promptNotFound } from './validation.js';

/**
 * DELETE /v1/history/:prompt_id: deletes one of the caller's finished prompts with its images, giving
 * their bytes back to the caller's storage quota; answers the bytes freed and the storage after.
 */
export async function deletePromptRoutes(app: FastifyInstance, { runtime }: { runtime: GenerationRuntime }): Promise<void> {
  app.delete(API_PATHS.historyItem, async (request, reply) => {
    const user = callerOf(request);
    const { prompt_id } = parseRequest(stopPromptRequest, request.params);
    const { db, store, ledger, quota } = await runtime.open();
    const job = await store.find(user.uid, prompt_id);
    if (!job) throw promptNotFound(prompt_id);
    if (!(DELETABLE_STATUSES as readonly string[]).includes(job.status)) {
      throw new ApiError(409, codeForStatus(409), `The prompt is still ${job.status}; stop it first, then delete it`);
    }
    const freed = await deleteFinishedPrompt({ db, ledger, storage: runtime.storage(), changes: runtime.changes }, prompt_id);
    const data: DeletePromptResponse = { prompt_id, freed_bytes: freed, storage: await quota.usage(user.uid) };
    return sendData(reply, data);
  });
}
