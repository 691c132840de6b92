import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { startServerWithRunningJob } from '../../support/serverProcess';

let gpu: ComfyUiTestServer;
beforeAll(async () => {
  gpu = await new ComfyUiTestServer().start();
  gpu.behaviour = 'hang';
});
afterAll(() => gpu.close());

describe('server/main.ts', () => {
  it('starts its workers, and on SIGTERM gives the running job back to the queue and frees the data folder', async () => {
    const { server, jobRowAfterExit } = await startServerWithRunningJob(gpu, 'server/main.ts', 'sigterm');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(gpu.interrupts).toContain(gpu.prompts[0].promptId);
    expect(await jobRowAfterExit('status, attempts, worker')).toEqual([{ status: 'queued', attempts: 0, worker: null }]);
  }, 40_000);
});
