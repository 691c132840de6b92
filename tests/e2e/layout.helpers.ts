import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { OpenPoseJson } from '../../src/pose/json/openPoseJson';
import fs from 'node:fs';
import { openEditor, stage, toPage, tool, zoomOf } from './editor.helpers';

/** The three layouts' test sizes; the two small ones are touch devices. */
export const SIZES = {
  wide: { viewport: { width: 1440, height: 900 } },
  medium: { viewport: { width: 820, height: 1180 }, hasTouch: true },
  narrow: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;

/** Runs a toolbar action by its label: its button when it is in the row, else through the More menu. */
export async function clickTool(page: Page, label: string): Promise<void> {
  if (await tool(page, label).isVisible()) return tool(page, label).click();
  await tool(page, 'More tools').click();
  await page.getByRole('menuitem', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`) }).click();
}

/** Exports the pose JSON through the toolbar (or its More menu) and reads it. */
export async function exportAnywhere(page: Page): Promise<OpenPoseJson> {
  const [download] = await Promise.all([page.waitForEvent('download'), clickTool(page, 'Export JSON')]);
  return JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as OpenPoseJson;
}

/** Drags from a document point by a screen offset: with one finger (CDP touch events) on touch devices, else the mouse. */
export async function dragOnStage(page: Page, from: { x: number; y: number }, dx: number, dy: number, touch: boolean): Promise<void> {
  const start = await toPage(page, from);
  if (!touch) {
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + dx, start.y + dy, { steps: 10 });
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<{ x: number; y: number }>) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
  await send('touchStart', [start]);
  for (let i = 1; i <= 10; i++) await send('touchMove', [{ x: start.x + (dx * i) / 10, y: start.y + (dy * i) / 10 }]);
  await send('touchEnd', []);
  await cdp.detach();
}

/** The zoom the built-in pose gets in the editor on a 1440 x 900 desktop. */
export async function desktopZoom(browser: Browser): Promise<number> {
  const context = await browser.newContext(SIZES.wide);
  const page = await context.newPage();
  await openEditor(page);
  const zoom = await zoomOf(page);
  await context.close();
  return zoom;
}

/** The share of the viewport's width the canvas takes. */
export async function canvasShare(page: Page): Promise<number> {
  const box = await stage(page).boundingBox();
  expect(box).not.toBeNull();
  return box!.width / page.viewportSize()!.width;
}

/** The controls in `scope` that are smaller than 44 x 44 px, as "name: w x h"; a checkbox or radio counts with its label. */
export async function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const controls = root.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [role="button"], [role="tab"], [role="radio"], [role="menuitem"]',
    );
    return (
      [...controls]
        .filter((el) => el.checkVisibility())
        .map((el) => {
          const choice = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
          const box = ((choice && el.closest('label')) || el).getBoundingClientRect();
          const name = el.getAttribute('aria-label') ?? (el.textContent?.trim() || el.getAttribute('name') || el.tagName);
          return { name, width: box.width, height: box.height };
        })
        // Half a pixel for layout rounding.
        .filter((t) => t.width < 43.5 || t.height < 43.5)
        .map((t) => `${t.name}: ${Math.round(t.width)} x ${Math.round(t.height)}`)
    );
  });
}

/** Where the stage shows the whole document canvas now, and the stage's size (CSS pixels of the stage). */
export async function canvasOnStage(page: Page, canvas: { width: number; height: number }) {
  const [scale, x, y] = (await stage(page).getAttribute('data-view'))!.split(' ').map(Number) as [number, number, number];
  const box = (await stage(page).boundingBox())!;
  return { left: x, top: y, right: x + canvas.width * scale, bottom: y + canvas.height * scale, width: box.width, height: box.height };
}
