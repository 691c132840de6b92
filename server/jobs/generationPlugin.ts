import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engines/engine.js';
import { deletePromptRoutes } from '../routes/deletePrompt.js';
import { fileRoutes } from '../routes/files.js';
import { historyRoutes } from '../routes/history.js';
import { presignRoutes } from '../routes/presign.js';
import { promptRoutes } from '../routes/prompts.js';
import { readyRoutes } from '../routes/ready.js';
import { workflowRoutes } from '../routes/workflows.js';
import type { GenerationConfig } from './generationConfig.js';
import { GenerationRuntime } from './generationRuntime.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Image generation: database, storage and workers. */
    generation: GenerationRuntime;
  }
}

/**
 * Registers the generation API (/v1/query_prompt, stop_prompt, history and deleting from it, get_presign_url), the
 * signed /files/* routes and the workers: started on listen, stopped on close (running jobs requeued).
 */
export async function registerGeneration(app: FastifyInstance, config: GenerationConfig, engines?: readonly Engine[]): Promise<void> {
  const runtime = new GenerationRuntime(config, app.log, engines);
  app.decorate('generation', runtime);
  app.addHook('onListen', async () => {
    await runtime.start();
  });
  // Runs after the HTTP server has closed, so requests in flight have finished with the database.
  app.addHook('onClose', async () => runtime.close());
  await app.register(promptRoutes, { runtime });
  await app.register(historyRoutes, { runtime });
  await app.register(deletePromptRoutes, { runtime });
  await app.register(presignRoutes, { runtime });
  await app.register(readyRoutes, { runtime });
  await app.register(workflowRoutes, { runtime });
  // With S3 the browser talks to the bucket directly.
  if (config.storage.kind === 'local') await app.register(fileRoutes, { runtime });
}
