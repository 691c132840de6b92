import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { OpenPoseJson } from '../../src/pose/json/openPoseJson';

/** The stage element the pointer events go to. */
export const stage = (page: Page) => page.getByRole('application', { name: /Pose canvas/ });

/** A toolbar (or empty-canvas) button of a registered action, by its label. */
export const tool = (page: Page, label: string) => page.getByRole('toolbar', { name: 'Editor tools' }).getByRole('button', { name: label, exact: true });

/** The built-in pose's body (x, y) in a 400 x 600 canvas, as createDefaultPerson places it. */
export const DEFAULT_BODY: Array<[number, number]> = [
  [200, 97.6],
  [200, 143.8],
  [145, 146],
  [134, 225.2],
  [129.6, 297.8],
  [255, 146],
  [266, 225.2],
  [270.4, 297.8],
  [173.6, 293.4],
  [171.4, 405.6],
  [169.2, 520],
  [226.4, 293.4],
  [228.6, 405.6],
  [230.8, 520],
  [189, 80],
  [211, 80],
  [178.9, 91],
  [221.1, 91],
];

/** Opens the editor on a fresh profile and waits for the stage's view to be fitted. */
export async function openEditor(page: Page): Promise<void> {
  await page.goto('/edit');
  await expect(stage(page)).toHaveAttribute('data-view', /\d/);
  // The view is fitted again while the page's late parts (panel, preview, fonts) settle: wait until it holds still.
  let last = '';
  await expect
    .poll(
      async () => {
        const now = (await stage(page).getAttribute('data-view')) ?? '';
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [200] },
    )
    .toBe(true);
}

/** Where a document point is on the page, from the stage's current view (zoom and pan). */
export async function toPage(page: Page, p: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const view = await stage(page).getAttribute('data-view');
  const [scale, ox, oy] = (view ?? '1 0 0').split(' ').map(Number) as [number, number, number];
  const box = (await stage(page).boundingBox())!;
  return { x: box.x + ox + p.x * scale, y: box.y + oy + p.y * scale };
}

/** The current zoom of the stage. */
export async function zoomOf(page: Page): Promise<number> {
  return Number((await stage(page).getAttribute('data-view'))!.split(' ')[0]);
}

/** Drags with the real mouse from one document point by a screen offset, in steps. */
export async function dragBy(page: Page, from: { x: number; y: number }, dx: number, dy: number, steps = 10): Promise<void> {
  const start = await toPage(page, from);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + dx, start.y + dy, { steps });
  await page.mouse.up();
}

/** Clicks Export JSON and reads the downloaded file. */
export async function exportJson(page: Page): Promise<OpenPoseJson> {
  const [download] = await Promise.all([page.waitForEvent('download'), tool(page, 'Export JSON').click()]);
  expect(download.suggestedFilename()).toBe('pose.json');
  return JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as OpenPoseJson;
}

/** Point i of a flat x, y, c list. */
export const pointOf = (flat: number[], i: number) => ({ x: flat[3 * i]!, y: flat[3 * i + 1]!, c: flat[3 * i + 2]! });

/** Imports a file through the Import JSON button's file chooser. */
export async function importFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), tool(page, 'Import JSON').click()]);
  await chooser.setFiles(file);
}

/** Opens a POSE_KEYPOINT list of `count` frames of the built-in body (400 x 600), moved `step` px right a frame, by Import JSON. */
export async function importFrameList(page: Page, count: number, step: number): Promise<void> {
  const body = (dx: number) => DEFAULT_BODY.flatMap(([x, y]) => [x + dx, y, 1]);
  const list = Array.from({ length: count }, (_, i) => ({ people: [{ pose_keypoints_2d: body(i * step) }], canvas_width: 400, canvas_height: 600 }));
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import JSON', exact: true }).click()]);
  await chooser.setFiles({ name: 'frames.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(list)) });
}
