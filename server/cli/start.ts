import { loadConfig } from '../config.js';
import { runServer } from '../main.js';
import { ensureAuthEmulator } from './authEmulator.js';

// `npm start`: the Auth Emulator first (unless a real Firebase project is configured), then the server.
// Without a real project it runs as local development with the emulator, an explicit choice of this
// command; loadConfig still refuses the emulator beyond loopback. On SIGTERM or SIGINT the server
// closes first (requests in flight finish, running jobs are handed back), then the emulator stops.
if (!process.env.FIREBASE_API_KEY || !process.env.FIREBASE_PROJECT_ID) {
  process.env.NODE_ENV ??= 'development';
  process.env.AUTH_EMULATOR ??= '1';
}
const config = loadConfig();
let afterClose: (() => Promise<void>) | undefined;
if (config.firebase.emulatorHost) {
  const emulator = await ensureAuthEmulator(config.firebase.emulatorHost, config.firebase.projectId);
  console.log(`Firebase Auth Emulator ${emulator.startedHere ? 'started' : 'already running'} at ${emulator.url}`);
  afterClose = () => emulator.stop();
}
await runServer({ afterClose });
