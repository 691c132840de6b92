import { createCanvas } from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { rasterizeOpenPose } from '../src/pose/index';
import { encodePng } from '../server/engines/png/encodePng';
import { renderControlImage } from '../server/engines/controlImage';
import { benchScene } from './editor';
import { median } from './lib/stats';

const RUNS = 9;
const SIDE = 1024;

function time(name: string, run: () => Buffer): void {
  run(); // warm-up
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    bytes = run().length;
    times.push(performance.now() - started);
  }
  console.log(`${name.padEnd(52)} | median ${median(times).toFixed(1).padStart(5)} ms | ${(bytes / 1024).toFixed(1)} KB`);
}

/** Prints PNG encoding of the editor bench's 10-person scene at 1024 x 1024: ours against pngjs and @napi-rs/canvas, and render plus encoding. */
export async function runPngBench(): Promise<void> {
  const doc = benchScene();
  const raster = { width: SIDE, height: SIDE, data: new Uint8ClampedArray(SIDE * SIDE * 4) };
  rasterizeOpenPose(doc, raster);
  const canvas = createCanvas(SIDE, SIDE);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(SIDE, SIDE);
  image.data.set(raster.data);
  ctx.putImageData(image, 0, 0);
  console.log(`\n## PNG of the 10-person scene at ${SIDE} x ${SIDE} (Node, synchronous, ${RUNS} runs)`);
  time('render only (src/pose rasterizer)', () => (rasterizeOpenPose(doc, raster), Buffer.alloc(0)));
  time('encode: ours (server/engines/png, Up filter, zlib 6)', () => encodePng(raster));
  time('encode: pngjs (RGB, Up filter)', () =>
    PNG.sync.write(Object.assign(new PNG({ width: SIDE, height: SIDE }), { data: Buffer.from(raster.data.buffer) }), { colorType: 2, filterType: 2 }),
  );
  time('encode: pngjs (defaults)', () => PNG.sync.write(Object.assign(new PNG({ width: SIDE, height: SIDE }), { data: Buffer.from(raster.data.buffer) })));
  time('encode: @napi-rs/canvas encodeSync (pixels on canvas)', () => canvas.encodeSync('png'));
  time('render + encode: the server control image (ours)', () => renderControlImage(doc, SIDE, SIDE));
}

if (import.meta.url === `file://${process.argv[1]}`) await runPngBench();
