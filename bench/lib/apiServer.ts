import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const self = fileURLToPath(import.meta.url);

// autocannon ships no types; these are the parts the benches use.
interface CannonRequest {
  headers?: Record<string, string>;
}
/** The autocannon options the benches use. */
export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** setupRequest and onResponse share a context per connection (one request in flight on each). */
  requests?: Array<{
    setupRequest(req: CannonRequest, context: Record<string, unknown>): CannonRequest;
    onResponse?(status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>): void;
  }>;
}
/** The parts of an autocannon result the benches report. */
export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
/** autocannon itself (CommonJS). */
export const autocannon = createRequire(import.meta.url)('autocannon') as (options: CannonOptions) => Promise<CannonResult>;

/** An API server for a bench, in its own process. */
export interface BenchApi {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** The server side: the real app with a stand-in token check ("Bearer <uid>"), API only, workers off. */
async function serveForBench(): Promise<void> {
  const { buildApp } = await import('../../server/app');
  const { loadConfig } = await import('../../server/config');
  // Firebase verification is the auth suite's business, not a bench's.
  const verifier = {
    verify: async (token: string) => ({ uid: token, email: `${token}@bench.example`, name: token }),
    close: async () => {},
  };
  // No engines: no workers, so the API is measured alone (jobs stay queued).
  const app = await buildApp(loadConfig(process.env), verifier, []);
  await app.generation.start();
  await app.listen({ port: Number(process.env.BENCH_API_PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

/** Starts the bench API server on a data folder with extra environment (limits), on BENCH_API_PORT or a free port, with BENCH_SERVER_FLAGS. */
export function startBenchApi(dataDir: string, env: Record<string, string> = {}): Promise<BenchApi> {
  // BENCH_SERVER_FLAGS: Node flags for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', self], {
    env: { ...process.env, NODE_ENV: 'development', AUTH_EMULATOR: '1', POSECRAFT_BENCH_SERVER: '1', DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.stdout.once('data', (line: Buffer) => {
      const { port } = JSON.parse(line.toString()) as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

if (process.env.POSECRAFT_BENCH_SERVER) await serveForBench();
