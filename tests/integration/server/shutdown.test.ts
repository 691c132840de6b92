import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/openDatabase';
import { ComfyUiTestServer } from '../../support/comfyuiTestServer';
import { createTestUser } from '../../support/emulator';
import { bearer, promptBody, TEST_ENV, TEST_STORAGE_SECRET, tempDataDir, waitFor } from '../../support/generationApp';
import { seedDatabase } from '../../support/pgliteTemplate';
import { freePort } from '../../support/freePort';

let gpu: ComfyUiTestServer;
beforeAll(async () => {
  gpu = await new ComfyUiTestServer().start();
  gpu.behaviour = 'hang';
});
afterAll(() => gpu.close());

describe('server/main.ts', () => {
  it('starts its workers, and on SIGTERM gives the running job back to the queue and frees the data folder', async () => {
    const dataDir = tempDataDir();
    await seedDatabase(dataDir);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        ...TEST_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STORAGE_SECRET: TEST_STORAGE_SECRET,
        ENGINE: 'comfyui',
        COMFYUI_URLS: gpu.url,
        LOG_LEVEL: 'error',
        WEB_ROOT: dataDir,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      () =>
        fetch(`${base}/v1/health`).then(
          (r) => r.ok,
          () => false,
        ),
      20_000,
      'the server to answer',
    );
    const user = await createTestUser('sigterm');
    const res = await fetch(`${base}/v1/query_prompt`, {
      method: 'POST',
      headers: { ...bearer(user), 'content-type': 'application/json' },
      body: JSON.stringify(promptBody({ gNumber: 1 })),
    });
    const { prompt_id } = ((await res.json()) as { data: { prompt_id: string } }).data;
    await waitFor(async () => gpu.prompts.length === 1, 10_000, 'the job to reach ComfyUI');

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(gpu.interrupts).toContain(gpu.prompts[0].promptId);
    const db = await openDatabase({ databaseUrl: null, pgliteDir: path.join(dataDir, 'db') });
    const { rows } = await db.query('SELECT status, attempts, worker FROM jobs WHERE id = $1', [prompt_id]);
    await db.close();
    expect(rows).toEqual([{ status: 'queued', attempts: 0, worker: null }]);
  }, 40_000);
});
