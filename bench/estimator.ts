import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODELS_DIR } from '../server/estimator/modelFiles';
import { ProcessEstimator } from '../server/estimator/processEstimator';
import type { EstimateOptions } from '../server/estimator/runEstimate';
import { median, percentile } from './lib/stats';

const WARM_UP_RUNS = 2;
const RUNS = 10;
/** Targets on a 2-core machine (the issue's): body only, and body + hands + face. */
const TARGET_BODY_MS = 200;
const TARGET_ALL_MS = 500;
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tests/fixtures/estimator');

const BODY_ONLY: EstimateOptions = { hands: false, face: false, inferenceMaxSide: 1280 };
const EVERYTHING: EstimateOptions = { hands: true, face: true, inferenceMaxSide: 1280 };

/** Latency of one photo as the server sees it (through the estimator process), after warm-up runs. */
async function latencies(estimator: ProcessEstimator, bytes: Buffer, options: EstimateOptions) {
  for (let i = 0; i < WARM_UP_RUNS; i++) await estimator.run(bytes, options, () => {});
  const totals: number[] = [];
  const stages: Record<string, number[]> = {};
  let people = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const output = await estimator.run(bytes, options, () => {});
    totals.push(performance.now() - started);
    people = output.pose.people.length;
    for (const [stage, ms] of Object.entries(output.timingsMs)) (stages[stage] ??= []).push(ms);
  }
  const cpu = median(stages.cpu ?? []);
  delete stages.cpu;
  const split = Object.entries(stages)
    .map(([stage, ms]) => `${stage} ${median(ms)}`)
    .join(', ');
  return { median: median(totals), p90: percentile(totals, 90), cpu, people, split };
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Prints model load time, latency (median of 10 after 2 warm-up runs) for 640 x 480 photos, and memory. */
export async function runEstimatorBench(): Promise<void> {
  console.log(
    `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const estimator = new ProcessEstimator({ modelsDir: MODELS_DIR, timeoutMs: 120_000 });
  const started = performance.now();
  try {
    await estimator.ready();
    const { loadMs, warmUpMs, rssBytes } = estimator.stats!;
    console.log(
      `models ready in ${Math.round(performance.now() - started)} ms (process start, load ${loadMs} ms, warm-up ${warmUpMs} ms); estimator process RSS ${mb(rssBytes)}`,
    );
    const photos = [
      ['basketball.jpg (640 x 480, 2 people)', fs.readFileSync(path.join(fixtures, 'basketball.jpg'))],
      ['astronaut.jpg (512 x 512, 1 person)', fs.readFileSync(path.join(fixtures, 'astronaut.jpg'))],
    ] as const;
    // CPU time is what one idle core would take (inference is single-threaded); wall time counts other processes too.
    console.log('photo                                | what                 | median   | p90      | CPU      | people | median per stage (ms)');
    for (const [name, bytes] of photos) {
      for (const [what, options, target] of [
        ['body only', BODY_ONLY, TARGET_BODY_MS],
        ['body + hands + face', EVERYTHING, TARGET_ALL_MS],
      ] as const) {
        const r = await latencies(estimator, bytes, options);
        const verdict = `wall ${r.median <= target ? 'ok' : 'OVER'}, CPU ${r.cpu <= target ? 'ok' : 'OVER'} (target ${target})`;
        const cells = [
          name.padEnd(36),
          what.padEnd(20),
          `${r.median.toFixed(0)} ms`.padEnd(8),
          `${r.p90.toFixed(0)} ms`.padEnd(8),
          `${r.cpu} ms`.padEnd(8),
          String(r.people).padEnd(6),
        ];
        console.log(`${cells.join(' | ')} | ${r.split}  ${verdict}`);
      }
    }
    console.log(`memory with the models loaded: estimator process RSS ${mb(estimator.stats!.rssBytes)}, server process RSS ${mb(process.memoryUsage().rss)}`);
  } finally {
    await estimator.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runEstimatorBench();
