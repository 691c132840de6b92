import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { openEditor, toPage } from './editor.helpers';

// The maps' commands are off the toolbar (it holds one row), like the other export formats: their shortcuts reach them.
async function exportByShortcut(page: Page, keys: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press(keys)]);
  return { name: download.suggestedFilename(), png: PNG.sync.read(fs.readFileSync((await download.path())!)) };
}

const pixel = (png: PNG, x: number, y: number) => Array.from(png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3));

test.describe('depth and normal maps from the editor', () => {
  test('exports the depth map and the normal map of the pose at the canvas size', async ({ page }) => {
    await openEditor(page);
    const depth = await exportByShortcut(page, 'Control+Alt+D');
    expect(depth.name).toBe('pose.depth.png');
    expect([depth.png.width, depth.png.height]).toEqual([400, 600]);
    // Near is white on a black background: the body is grey, the corner black.
    const middle = pixel(depth.png, 200, 200);
    expect(middle[0]).toBeGreaterThan(40);
    expect(new Set(middle).size).toBe(1);
    expect(pixel(depth.png, 2, 2)).toEqual([0, 0, 0]);
    const normal = await exportByShortcut(page, 'Control+Alt+N');
    expect(normal.name).toBe('pose.normal.png');
    expect([normal.png.width, normal.png.height]).toEqual([400, 600]);
    expect(pixel(normal.png, 2, 2)).toEqual([127, 127, 255]);
    // The body's pixels are exactly the depth map's: there the surface turns every way.
    let [body, turned] = [0, 0];
    for (let i = 0; i < 400 * 600; i++)
      if (depth.png.data[i * 4]! > 0) [body, turned] = [body + 1, turned + (normal.png.data[i * 4]! !== 127 || normal.png.data[i * 4 + 1]! !== 127 ? 1 : 0)];
    expect(body).toBeGreaterThan(10_000);
    expect(turned / body).toBeGreaterThan(0.5);
  });

  test.describe('on a tablet', () => {
    test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

    test('a long press on the empty canvas offers the depth map, and a tap exports it', async ({ page }) => {
      await openEditor(page);
      const cdp = await page.context().newCDPSession(page);
      const corner = await toPage(page, { x: 20, y: 580 });
      // One finger resting past the long-press time (550 ms), then lifted.
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: corner.x, y: corner.y, id: 0 }] });
      await page.waitForTimeout(800);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      const menu = page.getByRole('menu');
      await expect(menu).toHaveAttribute('data-menu-for', 'canvas');
      const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: /^Export depth map \(PNG\)/ }).tap()]);
      expect(download.suggestedFilename()).toBe('pose.depth.png');
      const png = PNG.sync.read(fs.readFileSync((await download.path())!));
      expect([png.width, png.height]).toEqual([400, 600]);
      expect(pixel(png, 200, 200)[0]).toBeGreaterThan(40);
    });
  });
});
