import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openEditor, stage } from './editor.helpers';

// A real motion-capture file (mocapbank, via 20tab/bvh-python; tests/fixtures/bvh/SOURCES.md) imported with the registered action and played.
const BVH = fs.readFileSync(new URL('../fixtures/bvh/mocapbank_excerpt.bvh', import.meta.url));
const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
const frameShown = async (page: Page) => Number(await timeline(page).getAttribute('data-frame'));

async function importBvh(page: Page, buffer: Buffer): Promise<void> {
  await stage(page).focus();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Control+Alt+B')]);
  await chooser.setFiles({ name: 'motion.bvh', mimeType: 'text/plain', buffer });
}

test.describe('pose editor: BVH motion', () => {
  test('a BVH file is imported as a sequence on the timeline, plays, and is written back as BVH; a bad one is refused and the pose stays', async ({ page }) => {
    await openEditor(page);

    // A file cut off in its hierarchy: refused with the reason, no timeline appears, the pose is the one before.
    const cut = BVH.subarray(0, BVH.indexOf('JOINT LeftElbow'));
    await importBvh(page, cut);
    await expect(page.getByText(/cannot be imported: the BVH file ends early, at line \d+/)).toBeVisible();
    await expect(timeline(page)).toHaveCount(0);

    await importBvh(page, BVH);
    await expect(page.getByText('Motion imported: 15 frames at 30 fps, from 15 frames of the file at 30 fps.')).toBeVisible();
    await expect(timeline(page)).toHaveAttribute('data-length', '15');
    await expect(timeline(page).locator('.timeline-row')).toHaveCount(1);

    // Played with the keyboard: the frame moves on by itself.
    await expect(timeline(page)).toHaveAttribute('data-frame', '0');
    await stage(page).focus();
    await page.keyboard.press('/');
    await expect.poll(() => frameShown(page)).toBeGreaterThan(2);
    await page.keyboard.press('/');

    // Written back as BVH: the documented skeleton with a frame per sequence frame.
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+Alt+Shift+B')]);
    expect(file.suggestedFilename()).toBe('pose.bvh');
    const text = fs.readFileSync((await file.path())!, 'utf8');
    expect(text.startsWith('HIERARCHY\nROOT Hips')).toBe(true);
    expect(text).toMatch(/\nFrames: 15\n/);
  });
});
