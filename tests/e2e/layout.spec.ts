import { expect, test } from '@playwright/test';
import { DEFAULT_BODY, openEditor, pointOf, zoomOf } from './editor.helpers';
import { canvasShare, clickTool, desktopZoom, dragOnStage, exportAnywhere, SIZES } from './layout.helpers';

const RIGHT_WRIST = 4;
const wrist = { x: DEFAULT_BODY[RIGHT_WRIST]![0], y: DEFAULT_BODY[RIGHT_WRIST]![1] };
// The middle of the right thigh (hip 8 to knee 9): a limb, so a drag there moves the whole person.
const thigh = { x: (DEFAULT_BODY[8]![0] + DEFAULT_BODY[9]![0]) / 2, y: (DEFAULT_BODY[8]![1] + DEFAULT_BODY[9]![1]) / 2 };

for (const [name, size] of Object.entries(SIZES)) {
  const touch = name !== 'wide';
  test.describe(`editor core paths at ${size.viewport.width} x ${size.viewport.height}${touch ? ' (touch)' : ''}`, () => {
    test('drag a joint, move a person, undo and export; the canvas and the pose keep their room', async ({ browser }) => {
      const reference = touch ? await desktopZoom(browser) : 0;
      const context = await browser.newContext(size);
      const page = await context.newPage();
      await openEditor(page);
      // The small layouts' bar comes with its own chunk; the canvas is fitted to what it leaves.
      if (touch) await expect(page.getByRole('button', { name: 'People' })).toBeVisible();
      const zoom = await zoomOf(page);
      if (touch) {
        expect(await canvasShare(page)).toBeGreaterThanOrEqual(0.7);
        expect(zoom / reference).toBeGreaterThanOrEqual(0.6);
        console.log(
          `${name}: canvas ${(100 * (await canvasShare(page))).toFixed(1)}% of the width, zoom ${zoom.toFixed(3)} = ${(zoom / reference).toFixed(2)} x desktop ${reference.toFixed(3)}`,
        );
      }
      const before = await exportAnywhere(page);

      await dragOnStage(page, wrist, 30, -40, touch);
      const dragged = await exportAnywhere(page);
      const moved = pointOf(dragged.people[0]!.pose_keypoints_2d, RIGHT_WRIST);
      expect(moved.x).toBeCloseTo(wrist.x + 30 / zoom, 0);
      expect(moved.y).toBeCloseTo(wrist.y - 40 / zoom, 0);

      // A limb of the selected person turns its bone (posing); of an unselected one it moves the person.
      await page.keyboard.press('Escape');
      await dragOnStage(page, thigh, 40, 0, touch);
      const shifted = await exportAnywhere(page);
      const neck = (doc: typeof before) => pointOf(doc.people[0]!.pose_keypoints_2d, 1);
      expect(neck(shifted).x).toBeCloseTo(neck(dragged).x + 40 / zoom, 0);
      expect(neck(shifted).y).toBeCloseTo(neck(dragged).y, 0);

      await clickTool(page, 'Undo');
      expect(await exportAnywhere(page)).toEqual(dragged);
      await clickTool(page, 'Undo');
      expect(await exportAnywhere(page)).toEqual(before);
      await context.close();
    });

    if (touch) {
      test('the Generate panel opens as a drawer, sets a preset and a count, and closes', async ({ browser }) => {
        const context = await browser.newContext(size);
        const page = await context.newPage();
        await openEditor(page);
        await page.getByRole('button', { name: 'Generate images' }).click();
        const drawer = page.getByRole('dialog', { name: 'Generate images' });
        await expect(drawer).toBeVisible();
        await drawer.getByRole('group', { name: 'Aspect ratio' }).getByRole('button', { name: '1:1', exact: true }).click();
        await expect(drawer.getByRole('button', { name: 'Small 400 × 400' })).toHaveAttribute('aria-pressed', 'true');
        await drawer.getByRole('radio', { name: '3', exact: true }).click();
        await expect(drawer.getByRole('radio', { name: '3', exact: true })).toHaveAttribute('aria-checked', 'true');
        await drawer.getByRole('button', { name: 'Close' }).click();
        await expect(drawer).toBeHidden();
        // The canvas follows the new size: 400 x 400.
        expect((await exportAnywhere(page)).canvas_width).toBe(400);
        await context.close();
      });
    }
  });
}
