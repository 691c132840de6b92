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

  test('exports the Wan Animate pose frame and the SCAIL 3D pose frame at the canvas size', async ({ page }) => {
    await openEditor(page);
    const colours = (png: PNG) => {
      const seen = new Set<string>();
      for (let i = 0; i < png.width * png.height; i++) seen.add(Array.from(png.data.subarray(i * 4, i * 4 + 3)).join(','));
      return seen;
    };
    const wan = await exportByShortcut(page, 'Control+Alt+W');
    expect(wan.name).toBe('pose.wan-animate.png');
    expect([wan.png.width, wan.png.height]).toEqual([400, 600]);
    expect(pixel(wan.png, 2, 2)).toEqual([0, 0, 0]);
    // Wan's limbs at 0.6 of OpenPose's colours (neck to right shoulder: 153, 0, 0) and its joints in full.
    expect(colours(wan.png)).toContain('153,0,0');
    expect(colours(wan.png)).toContain('255,0,0');
    fs.writeFileSync(test.info().outputPath('pose.wan-animate.png'), PNG.sync.write(wan.png));
    const scail = await exportByShortcut(page, 'Control+Alt+Shift+W');
    expect(scail.name).toBe('pose.scail.png');
    expect([scail.png.width, scail.png.height]).toEqual([400, 600]);
    // SCAIL's flat limb colours: neck to right shoulder 255, 85, 0; neck to right hip 0, 255, 85.
    expect(colours(scail.png)).toContain('255,85,0');
    expect(colours(scail.png)).toContain('0,255,85');
    fs.writeFileSync(test.info().outputPath('pose.scail.png'), PNG.sync.write(scail.png));
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
