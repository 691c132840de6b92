import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { longLimbedCrowdJson } from '../tests/support/heavyPose';

/**
 * Prints the API process's event-loop delay (p50, p99, max) while the mannequin engine draws issue
 * 20's heavy prompt (100 long-limbed people with hands and faces, 4 x 1024 x 1024), and how long it took.
 */
export async function runHeavyPromptBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-bench-heavy-'));
  const verifier = { verify: async (token: string) => ({ uid: token, email: null, name: null }), close: async () => {} };
  const app = await buildApp(
    loadConfig({ ...process.env, NODE_ENV: 'development', AUTH_EMULATOR: '1', DATA_DIR: dataDir, LOG_LEVEL: 'error', ESTIMATOR_PRELOAD: '0' }),
    verifier,
  );
  try {
    await app.generation.start();
    const headers = { authorization: 'Bearer bench-heavy' };
    const payload = { prompt: 'a crowd', width: 1024, height: 1024, gNumber: 4, seed: 1, pose: longLimbedCrowdJson() };
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const res = await app.inject({ method: 'POST', url: '/v1/query_prompt', headers, payload });
    const id = res.json().data.prompt_id as string;
    for (;;) {
      const list = await app.inject({ method: 'GET', url: '/v1/history?page_size=1', headers });
      if (list.json().data.items[0]?.status === 'done') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    delay.disable();
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    console.log(
      `\n## Heavy prompt (${id}): 100 long-limbed people, 4 x 1024 x 1024, mannequin engine, render process; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
    );
    console.log(
      `done in ${((performance.now() - started) / 1000).toFixed(1)} s; API event-loop delay p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`,
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runHeavyPromptBench();
