import { expect, test } from '@playwright/test';
import { DEFAULT_BODY, dragBy, exportJson, openEditor, pointOf, toPage } from './editor.helpers';

const panel = (page: import('@playwright/test').Page) => page.getByRole('complementary', { name: 'Generate images' });
const preview = (page: import('@playwright/test').Page) => panel(page).getByRole('button', { name: 'Open the pose editor' }).locator('img');
const ankle = { x: DEFAULT_BODY[10]![0], y: DEFAULT_BODY[10]![1] };

test.describe('pose editor: the stored pose', () => {
  test('the panel preview shows the pose after an edit and both survive a reload', async ({ page }) => {
    await openEditor(page);
    await expect(preview(page)).toHaveAttribute('src', '/default-pose.png');
    await dragBy(page, ankle, -70, -60);
    await expect(preview(page)).toHaveAttribute('src', /^data:image\/png;base64,/);
    const src = await preview(page).getAttribute('src');
    const edited = await exportJson(page);
    await page.reload();
    await expect(preview(page)).toHaveAttribute('src', src!);
    expect(await exportJson(page)).toEqual(edited);
    // The preview is the OpenPose rendering at the canvas size.
    const size = await preview(page).evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([400, 600]);
    await page.goto('/pose');
    await expect(preview(page)).toHaveAttribute('src', src!);
  });

  test('changing the panel size fits the pose to the new frame, scaled as a whole and centred', async ({ page }) => {
    await openEditor(page);
    await dragBy(page, ankle, 30, -40);
    const before = await exportJson(page);
    const anklePoint = pointOf(before.people[0]!.pose_keypoints_2d, 10);
    await panel(page).getByRole('group', { name: 'Aspect ratio' }).getByRole('button', { name: '16:9', exact: true }).click();
    await expect.poll(async () => (await exportJson(page)).canvas_width).toBe(480);
    const after = await exportJson(page);
    expect(after.canvas_height).toBe(270);
    // 400 x 600 fitted into 480 x 270: one factor, 0.45, for x and y, and 150 px in from the left.
    const fit = (p: { x: number; y: number }) => ({ x: p.x * 0.45 + 150, y: p.y * 0.45 });
    for (let i = 0; i < 18; i++) {
      const [a, b] = [pointOf(before.people[0]!.pose_keypoints_2d, i), pointOf(after.people[0]!.pose_keypoints_2d, i)];
      expect(b.x).toBeCloseTo(fit(a).x, 6);
      expect(b.y).toBeCloseTo(fit(a).y, 6);
    }
    // On screen the ankle is where the fitted pose puts it inside the canvas rectangle.
    const [corner, far, foot] = await Promise.all([
      toPage(page, { x: 0, y: 0 }),
      toPage(page, { x: 480, y: 270 }),
      toPage(page, pointOf(after.people[0]!.pose_keypoints_2d, 10)),
    ]);
    expect((foot.x - corner.x) / (far.x - corner.x)).toBeCloseTo(fit(anklePoint).x / 480, 6);
    expect((foot.y - corner.y) / (far.y - corner.y)).toBeCloseTo(fit(anklePoint).y / 270, 6);
    // And the preview follows the new size.
    await expect.poll(() => preview(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  });
});
