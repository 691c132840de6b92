import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A running Auth Emulator; stop() ends it when this process started it. */
export interface RunningEmulator {
  url: string;
  startedHere: boolean;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    // The CLI runs the emulator in its own process group: end the whole group.
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      child.kill('SIGINT');
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 5000).unref();
  });
}

/** How the firebase CLI says another emulator holds (or is taking) the ports. */
const PORT_TAKEN = /port taken|is not open|already in use/i;

/** How to start the emulator: the firebase CLI by default (firebase.json pins 127.0.0.1:9099); another command in tests. */
export interface EmulatorStart {
  command: string;
  args: string[];
}

/**
 * Starts the Firebase Auth Emulator for the demo project, or reuses one already answering at host,
 * or one another process is starting meanwhile (a second `npm start`, a test run beside it).
 */
export async function ensureAuthEmulator(
  host: string,
  projectId: string,
  options: { timeoutMs?: number; start?: EmulatorStart; report?: (message: string) => void } = {},
): Promise<RunningEmulator> {
  const url = `http://${host}`;
  if (await answers(url)) return { url, startedHere: false, stop: async () => {} };
  const [hostname, port] = host.split(':');
  if (!['127.0.0.1', 'localhost'].includes(hostname) || (!options.start && port !== '9099')) {
    throw new Error(`No Auth Emulator answers at ${host}, and only 127.0.0.1:9099 (firebase.json) can be started here.`);
  }
  const start = options.start ?? {
    command: path.join(repoRoot, 'node_modules', '.bin', 'firebase'),
    args: ['emulators:start', '--only', 'auth', '--project', projectId],
  };
  const child = spawn(start.command, start.args, { cwd: repoRoot, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let ended = false;
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  // 'close', not 'exit': by then all it printed has been read.
  child.once('close', () => (ended = true));
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (!(await answers(url))) {
    if (ended) {
      // Another process is starting the emulator and holds its ports: wait for that one to answer
      // and use it, instead of failing on "port taken".
      if (PORT_TAKEN.test(output) && (await answersBefore(url, deadline))) return { url, startedHere: false, stop: async () => {} };
      throw new Error(`The Auth Emulator did not start at ${url}:\n${output.slice(-2000)}`);
    }
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`The Auth Emulator did not start at ${url}:\n${output.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  // Every sign-in fails once the emulator is gone: say so, with its last words, where they are seen.
  const report = options.report ?? ((message: string) => process.stderr.write(`${message}\n`));
  let stopping = false;
  child.once('close', (code, signal) => {
    if (!stopping) report(`The Auth Emulator at ${url} stopped (exit code ${code}, signal ${signal}); its last output:\n${output.slice(-2000)}`);
  });
  const stop = () => {
    stopping = true;
    return stopChild(child);
  };
  return { url, startedHere: true, stop };
}

/** Whether the emulator at url answers before the deadline (polled). */
async function answersBefore(url: string, deadline: number): Promise<boolean> {
  while (Date.now() <= deadline) {
    if (await answers(url)) return true;
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}
