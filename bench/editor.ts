import os from 'node:os';
import type { Page } from '@playwright/test';
import { attachDefaultFace, attachDefaultHand, createDefaultPerson, type PoseDocument } from '../src/pose/index.js';
import { dragCosts } from './editorTrace';
import { launchChromium } from './lib/browser';
import { startBenchServer } from './lib/server';
import { fmt, median, percentile } from './lib/stats';
import { installCommitCounter, reactCommits } from '../tests/support/reactCommits';

const SIDE = 1024;
const MOVES = 200;
const EXPORTS = 7;
const RUNS = 3;
const TARGETS = { moveMedian: 8, moveP95: 16, exportMs: 50 };
/** An IK drag may cost at most this much more main thread per move than a plain joint drag. */
const IK_RATIO_TARGET = 1.2;

/** Ten people with both hands and a face on a 1024 x 1024 canvas, two rows of five. */
export function benchScene(): PoseDocument {
  const people = Array.from({ length: 10 }, (_, i) => {
    const centre = { x: 100 + (i % 5) * 206, y: 260 + Math.floor(i / 5) * 500 };
    const body = createDefaultPerson({ centre, height: 440 });
    return attachDefaultFace(attachDefaultHand(attachDefaultHand(body, 'left'), 'right'));
  });
  return { canvas_width: SIDE, canvas_height: SIDE, people, animals: [] };
}

/** Opens the editor with the scene already stored, as a returning user would. */
export async function openWithScene(page: Page, url: string, doc: PoseDocument): Promise<void> {
  await installCommitCounter(page);
  await page.addInitScript((pose) => {
    localStorage.setItem('posecraft.pose', JSON.stringify({ posePng: '/default-pose.png', peopleJson: pose, locks: { people: [], animals: [] } }));
    localStorage.setItem('posecraft.settings', JSON.stringify({ preset: 'more', width: pose.canvas_width, height: pose.canvas_height, gNumber: 1 }));
  }, doc);
  await page.goto(`${url}/edit`);
  await page.getByRole('application').waitFor();
  await page.waitForTimeout(500);
}

/** How a drag moves the wrist: alone (Alt held, as before posing) or by IK with bone lengths kept (the default). */
type DragMode = 'plain' | 'ik';

/** Drags one right wrist (its hand follows) through MOVES real mouse moves under a Chrome trace, then undoes it. */
async function traceDrag(page: Page, doc: PoseDocument, mode: DragMode) {
  const stage = page.getByRole('application');
  const [scale, ox, oy] = (await stage.getAttribute('data-view'))!.split(' ').map(Number) as [number, number, number];
  const box = (await stage.boundingBox())!;
  const wrist = doc.people[7]!.body[4]!;
  const start = { x: box.x + ox + wrist.x * scale, y: box.y + oy + wrist.y * scale };
  const browser = page.context().browser()!;
  await page.mouse.move(start.x, start.y);
  if (mode === 'plain') await page.keyboard.down('Alt');
  await page.mouse.down();
  await page.mouse.move(start.x + 5, start.y);
  const commitsBefore = await reactCommits(page);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  for (let i = 1; i <= MOVES; i++) await page.mouse.move(start.x + 5 + Math.sin(i / 20) * 80, start.y - i * 0.6);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Parameters<typeof dragCosts>[0] };
  const commitsDuring = (await reactCommits(page)) - commitsBefore;
  await page.mouse.up();
  if (mode === 'plain') await page.keyboard.up('Alt');
  // Undone, so that every run starts from the same pose with the wrist where the bench presses.
  await page.keyboard.press('Control+z');
  return { ...dragCosts(trace.traceEvents), reactCommits: commitsDuring };
}

/** Clicks Export PNG a few times and reads the editor's own user-timing measures. */
async function timeExports(page: Page): Promise<{ render: number[]; total: number[] }> {
  for (let i = 0; i < EXPORTS; i++) {
    await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PNG' }).click()]);
  }
  return page.evaluate(() => ({
    render: performance.getEntriesByName('posecraft:render-png').map((e) => e.duration),
    total: performance.getEntriesByName('posecraft:export-png').map((e) => e.duration),
  }));
}

const verdict = (value: number, target: number) => (value < target ? `ok (< ${target} ms)` : `OVER (target < ${target} ms)`);

/** Prints the editor's drag cost per pointer move and per frame, and the PNG export time, for 10 people with hands and faces. */
export async function runEditorBench(): Promise<void> {
  const server = await startBenchServer(8392);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const doc = benchScene();
    await openWithScene(page, server.url, doc);
    // The machine may be shared: run each kind of drag a few times, interleaved, and show each run as well as the pooled figures.
    const byMode: Record<DragMode, Array<Awaited<ReturnType<typeof traceDrag>>>> = { plain: [], ik: [] };
    for (let i = 0; i < RUNS; i++) for (const mode of ['plain', 'ik'] as const) byMode[mode].push(await traceDrag(page, doc, mode));
    const exports = await timeExports(page);
    for (const mode of ['plain', 'ik'] as const) printDrag(doc, mode, byMode[mode]);
    const ratio = median(byMode.ik.flatMap((r) => r.perMoveMs)) / median(byMode.plain.flatMap((r) => r.perMoveMs));
    console.log(`\nIK / plain, median main thread per move: ${ratio.toFixed(2)}x ${ratio <= IK_RATIO_TARGET ? 'ok' : 'OVER'} (target <= ${IK_RATIO_TARGET}x)`);
    console.log(`\n## PNG export at ${SIDE} x ${SIDE} (renderOpenPose + PNG encoding, ${EXPORTS} runs, first one cold)`);
    const total = median(exports.total);
    console.log(`render  : median ${fmt(median(exports.render), 'ms', 1)}, max ${fmt(Math.max(...exports.render), 'ms', 1)}`);
    console.log(`+ encode: median ${fmt(total, 'ms', 1)}, max ${fmt(Math.max(...exports.total), 'ms', 1)} ${verdict(total, TARGETS.exportMs)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Prints one kind of drag's cost per move and per frame, joint updates per second and React commits. */
function printDrag(doc: PoseDocument, mode: DragMode, runs: Array<Awaited<ReturnType<typeof traceDrag>>>): void {
  const points = doc.people.length * (18 + 2 * 21 + 70);
  const load = os.loadavg()[0]!.toFixed(1);
  const what = mode === 'plain' ? 'plain joint drag of one wrist (Alt held)' : 'IK drag of one wrist (bone lengths kept)';
  console.log(
    `\n## ${what} (production build, headless Chromium, 10 people with hands and faces = ${points} points, ${RUNS} x ${MOVES} mouse moves; load average ${load} on ${os.cpus().length} cores)`,
  );
  const perMove = runs.flatMap((r) => r.perMoveMs);
  const perFrame = runs.flatMap((r) => r.perFrameMs);
  const moveMedian = median(perMove);
  const moveP95 = percentile(perMove, 95);
  console.log(
    `main thread per move : median ${fmt(moveMedian, 'ms', 2)} ${verdict(moveMedian, TARGETS.moveMedian)}, p95 ${fmt(moveP95, 'ms', 2)} ${verdict(moveP95, TARGETS.moveP95)}`,
  );
  console.log(`  per run (median/p95): ${runs.map((r) => `${median(r.perMoveMs).toFixed(2)}/${percentile(r.perMoveMs, 95).toFixed(2)}`).join(', ')} ms`);
  const mean = (f: (r: (typeof runs)[number]) => number) => (runs.reduce((n, r) => n + f(r), 0) / runs.length).toFixed(2);
  console.log(
    `  of which (mean)     : ${mean((r) => r.scriptMsPerMove)} ms pointer handlers + rAF drawing, ${mean((r) => r.commitMsPerMove)} ms compositor commit of the active layer`,
  );
  console.log(
    `main thread per frame: median ${fmt(median(perFrame), 'ms', 2)}, p95 ${fmt(percentile(perFrame, 95), 'ms', 2)} (${perFrame.length} frames drawn)`,
  );
  const frames = runs.reduce((n, r) => n + r.frames, 0);
  const span = runs.reduce((n, r) => n + r.spanMs, 0);
  console.log(`joint updates        : ${(frames / (span / 1000)).toFixed(0)} per second (moves arrive as fast as the driver sends them)`);
  console.log(`React commits        : ${runs.map((r) => r.reactCommits).join(', ')} during the moves of each run (the drag updates Konva directly)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await runEditorBench();
