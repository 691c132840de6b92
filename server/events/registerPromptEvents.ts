import type { FastifyInstance } from 'fastify';
import type { TokenVerifier } from '../auth/verifier.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { toHistoryItem } from '../jobs/historyItem.js';
import { promptEventsSocketRoutes } from '../ws/promptEventsSocket.js';
import { registerWebSockets } from '../ws/socketSupport.js';
import { PromptEventHub, type ReadPlaces, type ReadPrompt } from './promptEventHub.js';

/**
 * Registers WS /ws_events: each signed-in page hears its user's prompt changes, from this instance
 * and, with DATABASE_URL, from every other instance on the same Postgres server.
 */
export async function registerPromptEvents(
  app: FastifyInstance,
  { verifier, runtime, recheckMs, socketsPerAddress }: { verifier: TokenVerifier; runtime: GenerationRuntime; recheckMs: number; socketsPerAddress: number },
): Promise<void> {
  const read: ReadPrompt = async (userId, promptId) => {
    const { store } = await runtime.open();
    const { items } = await store.list(userId, 1, 1, promptId);
    return items[0] ? toHistoryItem(items[0], runtime.storage(), runtime.config.files.urlTtlSeconds) : null;
  };
  const readPlaces: ReadPlaces = async (promptIds) => (await runtime.open()).store.places.of(promptIds);
  const hub = new PromptEventHub(read, readPlaces, app.log);
  const stopHearing = runtime.changes.on((change) => hub.apply(change));
  if (runtime.config.databaseUrl) {
    // onReady, which listen() awaits: a page connected here hears other instances' changes from the first request on.
    app.addHook('onReady', async () => {
      try {
        await runtime.changes.share((await runtime.open()).db);
      } catch (error) {
        app.log.error(`prompt events: changes made on other instances will not reach this one: ${(error as Error).message}`);
      }
    });
  }
  app.addHook('onClose', async () => {
    stopHearing();
    hub.close();
    await runtime.changes.close().catch(() => {});
  });
  await registerWebSockets(app);
  await app.register(promptEventsSocketRoutes, { verifier, hub, recheckMs, socketsPerAddress });
}
