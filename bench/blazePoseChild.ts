import fs from 'node:fs';
import { decodePhoto } from '../server/estimator/decodeImage';
import { loadEstimate, type BenchModel } from './blazePoseModels';
import { median } from './lib/stats';

/** Runs after a warm-up run; the median is what the bench quotes. */
const RUNS = 3;

// One model in its own process: `blazePoseChild.ts <model> <models dir> <photo>...`, one JSON line per photo on stdout.
const [model, modelsDir, ...photos] = process.argv.slice(2);
const estimate = await loadEstimate(model as BenchModel, modelsDir);
for (const photoPath of photos) {
  const decoded = await decodePhoto(fs.readFileSync(photoPath), 1280);
  let people = await estimate(decoded);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    people = await estimate(decoded);
    times.push(performance.now() - started);
  }
  console.log(JSON.stringify({ photoPath, ms: median(times), people }));
}
