import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureAuthEmulator } from '../../../server/cli/authEmulator';
import { freePort } from '../../support/freePort';

// A second `npm start` (or a test run beside one) while the first is still starting the Auth
// Emulator: its own start fails on the ports the first one holds; it waits for that emulator to
// answer and uses it, and leaves it running when it stops. A stand-in plays the emulator being
// started elsewhere, and a stand-in command the firebase CLI that finds its ports taken.

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A command that fails as the firebase CLI does when another emulator holds its ports. */
const portTaken = { command: process.execPath, args: ['-e', "console.log('Error: Could not start emulator hub, port taken.'); process.exit(1)"] };

describe('ensureAuthEmulator while another process starts the emulator', () => {
  it('waits for the emulator being started elsewhere and reuses it, without stopping it after', async () => {
    const port = await freePort();
    const elsewhere = http.createServer((_request, response) => response.end('{}'));
    servers.push(elsewhere);
    // The other process's emulator answers a moment after this one's start has failed.
    setTimeout(() => elsewhere.listen(port, '127.0.0.1'), 1500);
    const emulator = await ensureAuthEmulator(`127.0.0.1:${port}`, 'demo-posecraft', { timeoutMs: 15_000, start: portTaken });
    expect(emulator.startedHere).toBe(false);
    await emulator.stop();
    expect((await fetch(emulator.url)).ok).toBe(true);
  });

  it('still fails, saying why, when the start fails for another reason', async () => {
    const port = await freePort();
    const broken = { command: process.execPath, args: ['-e', "console.log('java: command not found'); process.exit(1)"] };
    await expect(ensureAuthEmulator(`127.0.0.1:${port}`, 'demo-posecraft', { timeoutMs: 15_000, start: broken })).rejects.toThrow(
      /did not start[\s\S]*java: command not found/,
    );
  });
});

/** Starts a stand-in emulator that prints `words` and exits after `lifeMs` (never, when 0), its reports collected. */
async function startStandIn(words: string, lifeMs: number) {
  const port = await freePort();
  const script = `require('http').createServer((q, r) => r.end('{}')).listen(${port}, '127.0.0.1');
    ${lifeMs > 0 ? `setTimeout(() => { console.log(${JSON.stringify(words)}); process.exit(3); }, ${lifeMs});` : ''}`;
  const reports: string[] = [];
  const start = { command: process.execPath, args: ['-e', script] };
  const emulator = await ensureAuthEmulator(`127.0.0.1:${port}`, 'demo-posecraft', { timeoutMs: 15_000, start, report: (message) => reports.push(message) });
  return { port, emulator, reports };
}

describe('an Auth Emulator started here', () => {
  it('says when it stops on its own, with its last output, since every sign-in fails after', async () => {
    const { port, emulator, reports } = await startStandIn('out of memory', 1500);
    expect(emulator.startedHere).toBe(true);
    await expect.poll(() => reports, { timeout: 10_000 }).toHaveLength(1);
    expect(reports[0]).toMatch(new RegExp(`127\\.0\\.0\\.1:${port} stopped \\(exit code 3[\\s\\S]*out of memory`));
  });

  it('says nothing when it is stopped', async () => {
    const { emulator, reports } = await startStandIn('', 0);
    await emulator.stop();
    await expect(fetch(emulator.url)).rejects.toThrow();
    expect(reports).toEqual([]);
  });
});
