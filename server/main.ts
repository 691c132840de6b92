import { loadConfig } from './config.js';
import { buildApp } from './app.js';

const config = loadConfig();
const app = await buildApp(config);

let closing = false;
/** Lets in-flight requests finish before the process exits. */
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// Open the database, run migrations and start the workers before taking requests, so a locked
// data folder or an unreachable DATABASE_URL stops start-up with its reason.
try {
  await app.generation.start();
} catch (error) {
  console.error(`Cannot start: ${(error as Error).message}`);
  await app.close();
  process.exit(1);
}
await app.listen({ port: config.port, host: config.host });
console.log(`Posecraft is running at http://localhost:${config.port}`);
