import os from 'node:os';
import type { Page } from '@playwright/test';
import { personBoundingBox, type PoseDocument } from '../src/pose/index.js';
import { benchScene, openWithScene } from './editor';
import { dragCosts } from './editorTrace';
import { launchChromium } from './lib/browser';
import { startBenchServer } from './lib/server';
import { fmt, median, percentile } from './lib/stats';

const MOVES = 200;
const RUNS = 3;
/** Turning one person may cost at most this much more main thread per move than a plain joint drag. */
const TURN_RATIO_TARGET = 1.2;
// The selection frame's padding and the turn handle's offset above it, in screen pixels (src/canvas/handles.ts).
const [FRAME_PADDING, HANDLE_OFFSET] = [10, 26];
const PERSON = 7;

/** What is dragged: one wrist alone (Alt held), or the selected person's turn handle. */
type DragKind = 'plain' | 'turn';

async function toScreen(page: Page, p: { x: number; y: number }) {
  const stage = page.getByRole('application');
  const [scale, ox, oy] = (await stage.getAttribute('data-view'))!.split(' ').map(Number) as [number, number, number];
  const box = (await stage.boundingBox())!;
  return { x: box.x + ox + p.x * scale, y: box.y + oy + p.y * scale };
}

// Selects the person by a click on their right thigh, then finds their turn handle on the page.
async function turnHandle(page: Page, doc: PoseDocument) {
  const body = doc.people[PERSON]!.body;
  const thigh = await toScreen(page, { x: (body[8]!.x + body[9]!.x) / 2, y: (body[8]!.y + body[9]!.y) / 2 });
  await page.mouse.click(thigh.x, thigh.y);
  const box = personBoundingBox(doc.people[PERSON]!)!;
  const corner = await toScreen(page, { x: box.minX, y: box.minY });
  return { x: corner.x - FRAME_PADDING, y: corner.y - FRAME_PADDING - HANDLE_OFFSET };
}

/** One traced drag of MOVES real mouse moves (a wrist alone, or the turn handle across), undone after. */
async function traceDrag(page: Page, doc: PoseDocument, kind: DragKind) {
  const start = kind === 'turn' ? await turnHandle(page, doc) : await toScreen(page, doc.people[PERSON]!.body[4]!);
  const browser = page.context().browser()!;
  await page.mouse.move(start.x, start.y);
  if (kind === 'plain') await page.keyboard.down('Alt');
  await page.mouse.down();
  await page.mouse.move(start.x + 5, start.y);
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  // 2.5 px a move: on this canvas each move of the handle is a new whole degree of yaw, so every move turns.
  for (let i = 1; i <= MOVES; i++) await page.mouse.move(start.x + 5 + i * 2.5, start.y + Math.sin(i / 20) * 60);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Parameters<typeof dragCosts>[0] };
  await page.mouse.up();
  if (kind === 'plain') await page.keyboard.up('Alt');
  // The drag did turn the person: the inspector shows the yaw it reached.
  const yaw = kind === 'turn' ? await page.getByRole('textbox', { name: 'Yaw°' }).inputValue() : '';
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Escape');
  return { ...dragCosts(trace.traceEvents), yaw };
}

/** Prints the main-thread time per move of turning one of 10 people by the handle against a plain joint drag, in the same run. */
export async function runDepthBench(): Promise<void> {
  const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 8393));
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const doc = benchScene();
    await openWithScene(page, server.url, doc);
    const byKind: Record<DragKind, number[][]> = { plain: [], turn: [] };
    const yaws: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const kind of ['plain', 'turn'] as const) {
        const run = await traceDrag(page, doc, kind);
        byKind[kind].push(run.perMoveMs);
        if (kind === 'turn') yaws.push(run.yaw);
      }
    }
    const load = os.loadavg()[0]!.toFixed(1);
    console.log(
      `\n## Turning one of 10 people by the handle against a plain wrist drag (${RUNS} x ${MOVES} mouse moves each, interleaved; load average ${load})`,
    );
    for (const kind of ['plain', 'turn'] as const) {
      const all = byKind[kind].flat();
      const runs = byKind[kind].map((r) => `${median(r).toFixed(2)}/${percentile(r, 95).toFixed(2)}`).join(', ');
      console.log(
        `${kind === 'plain' ? 'plain joint drag' : 'turn handle     '}: median ${fmt(median(all), 'ms', 2)}, p95 ${fmt(percentile(all, 95), 'ms', 2)} per move (runs, median/p95: ${runs} ms)`,
      );
    }
    console.log(`yaw reached by each turn drag: ${yaws.map((y) => `${y}°`).join(', ')}`);
    const ratio = median(byKind.turn.flat()) / median(byKind.plain.flat());
    console.log(
      `turn / plain, median main thread per move: ${ratio.toFixed(2)}x ${ratio <= TURN_RATIO_TARGET ? 'ok' : 'OVER'} (target <= ${TURN_RATIO_TARGET}x)`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runDepthBench();
