import os from 'node:os';
import type { Page } from '@playwright/test';
import {
  attachDefaultFace,
  attachDefaultHand,
  createDefaultPerson,
  rotatePerson,
  translatePerson,
  withFigureIds,
  type PoseDocument,
} from '../src/pose/index.js';
import { allFrames, sequenceFromPose, withKey, type PoseSequence } from '../src/pose/motion/index.js';
import { dragCosts } from './editorTrace';
import { launchChromium } from './lib/browser';
import { startBenchServer } from './lib/server';
import { fmt, median, percentile } from './lib/stats';

const RUNS = 15;
const MOVES = 160;
const EXPORTS = 3;
const TARGETS = { interpolateMs: 20, scrubFrameMs: 8, exportZipMs: 3000 };

/** Two people with both hands and a face, keyed at frames 0, 40 and 80 (turned and moved between keys), 81 frames at 16 fps. */
export function motionBenchScene(): { pose: PoseDocument; sequence: PoseSequence } {
  const person = (x: number) =>
    attachDefaultFace(attachDefaultHand(attachDefaultHand(createDefaultPerson({ centre: { x, y: 300 }, height: 440 }), 'left'), 'right'));
  const pose = withFigureIds({ canvas_width: 512, canvas_height: 768, people: [person(150), person(360)], animals: [] });
  let sequence = sequenceFromPose(pose);
  for (const [frame, turn, shift] of [
    [40, 0.5, 60],
    [80, -0.4, -40],
  ] as const) {
    sequence = {
      ...sequence,
      tracks: sequence.tracks.map((t, i) => withKey(t, frame, translatePerson(rotatePerson(pose.people[i]!, turn * (i ? -1 : 1)), shift, 0))),
    };
  }
  return { pose, sequence };
}

const verdict = (value: number, target: number) => (value < target ? `ok (< ${target} ms)` : `OVER (target < ${target} ms)`);

function benchInterpolation(): void {
  const { pose, sequence } = motionBenchScene();
  allFrames(sequence, pose); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    allFrames(sequence, pose);
    times.push(performance.now() - started);
  }
  console.log(`\n## Interpolating 81 frames of two people with hands and faces (Node, ${RUNS} runs)`);
  console.log(`all 81 frames: median ${fmt(median(times), 'ms', 2)} ${verdict(median(times), TARGETS.interpolateMs)}, max ${fmt(Math.max(...times), 'ms', 2)}`);
}

/** Opens the editor with the sequence stored (the stored document's version 3) and the timeline open. */
async function openWithSequence(page: Page, url: string): Promise<void> {
  const { pose, sequence } = motionBenchScene();
  await page.addInitScript(
    ({ pose, sequence }) => {
      localStorage.setItem('posecraft.pose', JSON.stringify({ version: 3, pose, sequence }));
      localStorage.setItem('posecraft.settings', JSON.stringify({ preset: 'more', width: pose.canvas_width, height: pose.canvas_height, gNumber: 1 }));
    },
    { pose, sequence },
  );
  await page.goto(`${url}/edit`);
  await page.getByRole('application').waitFor();
  await page.getByRole('button', { name: 'Timeline', exact: true }).click();
  await page.getByTestId('timeline-area').waitFor();
  await page.waitForTimeout(500);
}

/** Scrubs back and forth over the whole timeline under a Chrome trace: main thread per pointer move and per drawn frame. */
async function traceScrub(page: Page) {
  const box = (await page.getByTestId('timeline-area').boundingBox())!;
  const y = box.y + box.height - 6;
  const browser = page.context().browser()!;
  await page.mouse.move(box.x + 2, y);
  await page.mouse.down();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  for (let i = 1; i <= MOVES; i++) await page.mouse.move(box.x + 2 + (box.width - 4) * Math.abs(Math.sin((i / MOVES) * Math.PI)), y);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Parameters<typeof dragCosts>[0] };
  await page.mouse.up();
  return dragCosts(trace.traceEvents);
}

async function timeZipExports(page: Page): Promise<number[]> {
  for (let i = 0; i < EXPORTS; i++) await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PNG frames (ZIP)' }).click()]);
  return page.evaluate(() => performance.getEntriesByName('posecraft:export-frames-zip').map((e) => e.duration));
}

/** Prints interpolation time, the main thread's cost of scrubbing, and the export of 81 PNG frames, for a two-person 81-frame sequence. */
export async function runMotionBench(): Promise<void> {
  benchInterpolation();
  const server = await startBenchServer(8782);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await openWithSequence(page, server.url);
    const scrub = await traceScrub(page);
    const load = os.loadavg()[0]!.toFixed(1);
    console.log(
      `\n## Scrubbing 81 frames of two people (production build, headless Chromium, ${MOVES} mouse moves; load average ${load} on ${os.cpus().length} cores)`,
    );
    const perMove = median(scrub.perMoveMs);
    console.log(
      `main thread per move (one frame shown each): median ${fmt(perMove, 'ms', 2)} ${verdict(perMove, TARGETS.scrubFrameMs)}, p95 ${fmt(percentile(scrub.perMoveMs, 95), 'ms', 2)}`,
    );
    // The frame shown follows each move at once (no animation frame is waited for): a move is a frame.
    if (scrub.frames > 0) console.log(`main thread per animation frame: median ${fmt(median(scrub.perFrameMs), 'ms', 2)} (${scrub.frames} frames)`);
    const zips = await timeZipExports(page);
    console.log(`\n## Export of 81 OpenPose and 81 depth PNG frames as a ZIP (512 x 768, ${EXPORTS} runs, first one cold)`);
    console.log(`median ${fmt(median(zips), 'ms', 0)} ${verdict(median(zips), TARGETS.exportZipMs)}, max ${fmt(Math.max(...zips), 'ms', 0)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runMotionBench();
