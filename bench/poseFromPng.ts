import { existsSync, readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { poseFromPng, rasterizeOpenPose, type RgbaImage } from '../src/pose/index';
import { corpusEntries, corpusPath, REALPOSE_DIR } from '../tests/unit/pose/realpose';
import { benchScene } from './editor';
import { median } from './lib/stats';

const RUNS = 3;
const SIDE = 1024;

function time(name: string, image: RgbaImage): void {
  const times: number[] = [];
  let points = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const doc = poseFromPng(image);
    times.push(performance.now() - started);
    points = doc.people.reduce((n, p) => n + [p.leftHand, p.rightHand].reduce((m, h) => m + (h?.filter((k) => k.visible).length ?? 0), 0), 0);
  }
  console.log(
    `${name.padEnd(40)} | ${`${image.width}x${image.height}`.padStart(9)} | median ${median(times).toFixed(0).padStart(5)} ms | ${points} hand points`,
  );
}

/** Prints how long reading a skeleton PNG back takes (Node, synchronous, median of RUNS): the editor bench's 10-person scene and ControlNet's drawings of the real pose corpus, when it is beside the worktree. */
export async function runPoseFromPngBench(): Promise<void> {
  console.log(`\n## Reading skeleton PNGs back (poseFromPng, Node, median of ${RUNS} runs)`);
  const raster = { width: SIDE, height: SIDE, data: new Uint8ClampedArray(SIDE * SIDE * 4) };
  rasterizeOpenPose(benchScene(), raster);
  time('10 people with hands and faces (bench scene)', raster);
  if (!existsSync(REALPOSE_DIR)) {
    console.log(`(the real pose corpus is not at ${REALPOSE_DIR}: its drawings are skipped)`);
    return;
  }
  for (const entry of corpusEntries().filter((e) => e.mode !== 'import')) {
    const png = PNG.sync.read(readFileSync(corpusPath(entry.name, '.ref.png')));
    time(entry.name, { width: png.width, height: png.height, data: png.data });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runPoseFromPngBench();
