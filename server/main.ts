import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { removeOrphanScratchFolders } from './video/scratchFolders.js';

/** What runs after the server has closed on a signal, before the process exits (npm start: stop the Auth Emulator it started). */
export interface ServerRun {
  afterClose?: () => Promise<void>;
}

/**
 * Starts the server, and on SIGTERM or SIGINT closes it gracefully (requests in flight finish,
 * running jobs go back to the queue at once), then runs afterClose, then exits.
 */
export async function runServer({ afterClose }: ServerRun = {}): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close().catch((error: Error) => console.error(`Closing the server failed: ${error.message}`));
    await afterClose?.().catch((error: Error) => console.error(`After closing: ${error.message}`));
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Open the database, run migrations and start the workers before taking requests, so a locked
  // data folder or an unreachable DATABASE_URL stops start-up with its reason.
  try {
    await app.generation.start();
  } catch (error) {
    console.error(`Cannot start: ${(error as Error).message}`);
    await app.close();
    await afterClose?.();
    process.exit(1);
  }
  // A process killed during a render or a video read leaves its scratch folders: the next start removes them.
  const orphans = await removeOrphanScratchFolders().catch((error: Error) => {
    app.log.warn(`could not remove the scratch folders of stopped servers: ${error.message}`);
    return [];
  });
  if (orphans.length > 0) app.log.info(`removed ${orphans.length} scratch folders of stopped servers`);
  await app.listen({ port: config.port, host: config.host });
  console.log(`Posecraft is running at http://localhost:${config.port}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runServer();
