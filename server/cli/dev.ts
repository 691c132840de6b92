import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

// `npm run dev`: the API (with the Auth Emulator, as `npm start` runs it) in a child process that
// restarts when server code changes, and Vite's dev server with hot reload in front of it; Vite
// forwards the API's paths (API_PREFIXES in src/api/contract.ts) to the API (vite.config.ts).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const api = spawn(process.execPath, ['--import', 'tsx', '--watch-path=server', '--watch-path=src/pose', '--watch-path=src/api', 'server/cli/start.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
});
const vite = await createServer({ root, configFile: path.join(root, 'vite.config.ts') });
await vite.listen();
vite.printUrls();

const stop = () => {
  api.kill('SIGTERM');
  void vite.close().finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
api.once('exit', (code) => {
  if (code) console.error(`The API stopped (exit ${code}); see its messages above.`);
});
