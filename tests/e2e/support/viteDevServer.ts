import os from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';

/**
 * Starts the Vite development server (vite.config.ts, as `npm run dev` does) on a free port, with the
 * API calls it proxies sent to the test's own API server instead of :8080. No file watching or HMR:
 * others editing the tree must not reload the page under test.
 */
export async function startViteDevServer(apiOrigin: string): Promise<{ url: string; close(): Promise<void> }> {
  const api = new URL(apiOrigin);
  const server: ViteDevServer = await createServer({
    configFile: path.resolve('vite.config.ts'),
    // Loaded as the vite CLI loads it (bundled), not through the test runner's TypeScript hooks.
    configLoader: 'bundle',
    logLevel: 'warn',
    // Its own dependency cache: node_modules/.vite belongs to whoever runs `npm run dev`.
    cacheDir: path.join(os.tmpdir(), 'posecraft-e2e-vite-cache'),
    server: {
      port: 0,
      strictPort: false,
      host: 'localhost',
      watch: null,
      hmr: false,
      proxy: {
        '/v1': api.origin,
        '/app-config.json': api.origin,
        '/ws_estimator': { target: `ws://${api.host}`, ws: true },
      },
    },
  });
  await server.listen();
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('The Vite dev server did not report its URL');
  return { url: url.replace(/\/$/, ''), close: () => server.close() };
}
