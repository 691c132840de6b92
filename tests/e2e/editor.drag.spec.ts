import { expect, test } from '@playwright/test';
import { DEFAULT_BODY, dragBy, exportJson, openEditor, pointOf, stage, toPage, tool, zoomOf } from './editor.helpers';

const RIGHT_WRIST = 4;
const wrist = { x: DEFAULT_BODY[RIGHT_WRIST]![0], y: DEFAULT_BODY[RIGHT_WRIST]![1] };

test.describe('pose editor: dragging', () => {
  test('a new user sees the built-in pose; dragging a joint moves it there in the exported JSON', async ({ page }) => {
    await openEditor(page);
    const before = await exportJson(page);
    expect(before.people).toHaveLength(1);
    const zoom = await zoomOf(page);
    // Alt drags the one joint freely (bone lengths are kept otherwise: posing.spec.ts).
    await page.keyboard.down('Alt');
    await dragBy(page, wrist, 60, -90);
    await page.keyboard.up('Alt');
    await expect(page.getByText('Person 1 · Right wrist')).toBeVisible();
    const after = await exportJson(page);
    const moved = pointOf(after.people[0]!.pose_keypoints_2d, RIGHT_WRIST);
    expect(moved.x).toBeCloseTo(wrist.x + 60 / zoom, 0);
    expect(moved.y).toBeCloseTo(wrist.y - 90 / zoom, 0);
    expect(moved.c).toBe(1);
    // Only that joint moved.
    const others = (flat: number[]) => flat.filter((_, i) => Math.floor(i / 3) !== RIGHT_WRIST);
    expect(others(after.people[0]!.pose_keypoints_2d)).toEqual(others(before.people[0]!.pose_keypoints_2d));
    // The inspector shows the new numbers.
    await expect(page.getByRole('textbox', { name: 'X' })).toHaveValue(String(Math.round(moved.x * 10) / 10));
  });

  test('Ctrl+Z still undoes while a checkbox or radio has focus, but not while typing in a field', async ({ page }) => {
    await openEditor(page);
    const original = await exportJson(page);
    await dragBy(page, wrist, 50, 0);
    const dragged = await exportJson(page);
    await page.getByRole('checkbox', { name: 'Hands' }).focus();
    await page.keyboard.press('Control+z');
    expect(await exportJson(page)).toEqual(original);
    await page.getByRole('checkbox', { name: 'Hands' }).focus();
    await page.keyboard.press('Control+y');
    expect(await exportJson(page)).toEqual(dragged);
    // In a text field Ctrl+Z is the field's own undo.
    await page.getByRole('textbox', { name: 'X' }).focus();
    await page.keyboard.press('Control+z');
    expect(await exportJson(page)).toEqual(dragged);
  });

  test('undo and redo a drag with the keyboard and the toolbar', async ({ page }) => {
    await openEditor(page);
    await expect(tool(page, 'Undo')).toBeDisabled();
    const original = await exportJson(page);
    await dragBy(page, wrist, 50, 0);
    const dragged = await exportJson(page);
    expect(dragged).not.toEqual(original);
    await page.keyboard.press('Control+z');
    expect(await exportJson(page)).toEqual(original);
    await page.keyboard.press('Control+y');
    expect(await exportJson(page)).toEqual(dragged);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+Shift+z');
    expect(await exportJson(page)).toEqual(dragged);
    await tool(page, 'Undo').click();
    expect(await exportJson(page)).toEqual(original);
    await tool(page, 'Redo').click();
    expect(await exportJson(page)).toEqual(dragged);
  });

  test('Esc in the middle of a drag puts the joint back where it started', async ({ page }) => {
    await openEditor(page);
    const original = await exportJson(page);
    const start = await toPage(page, wrist);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 80, start.y + 40, { steps: 8 });
    await page.keyboard.press('Escape');
    await page.mouse.move(start.x + 120, start.y + 60, { steps: 4 });
    await page.mouse.up();
    expect(await exportJson(page)).toEqual(original);
    await expect(tool(page, 'Undo')).toBeDisabled();
  });

  test('a finger drags a joint (touch pointer events), and two fingers pinch-zoom', async ({ browser }) => {
    const context = await browser.newContext({ hasTouch: true });
    const page = await context.newPage();
    await openEditor(page);
    const zoom = await zoomOf(page);
    const start = await toPage(page, wrist);
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<{ x: number; y: number }>) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
    await touch('touchStart', [start]);
    for (let i = 1; i <= 10; i++) await touch('touchMove', [{ x: start.x + 4 * i, y: start.y - 6 * i }]);
    // Touch moves reach the page once a frame; a finger is lifted after its last move has arrived, never in the same instant.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await touch('touchEnd', []);
    const moved = pointOf((await exportJson(page)).people[0]!.pose_keypoints_2d, RIGHT_WRIST);
    expect(moved.x).toBeCloseTo(wrist.x + 40 / zoom, 0);
    expect(moved.y).toBeCloseTo(wrist.y - 60 / zoom, 0);

    const box = (await stage(page).boundingBox())!;
    const mid = { x: box.x + 60, y: box.y + 60 };
    await touch('touchStart', [
      { x: mid.x - 20, y: mid.y },
      { x: mid.x + 20, y: mid.y },
    ]);
    for (let i = 1; i <= 5; i++)
      await touch('touchMove', [
        { x: mid.x - 20 - 8 * i, y: mid.y },
        { x: mid.x + 20 + 8 * i, y: mid.y },
      ]);
    await touch('touchEnd', []);
    expect(await zoomOf(page)).toBeCloseTo(zoom * 3, 1);
    await context.close();
  });

  test('the wheel zooms about the pointer, space-drag pans, and Fit to screen resets', async ({ page }) => {
    await openEditor(page);
    const zoom = await zoomOf(page);
    const nose = { x: DEFAULT_BODY[0]![0], y: DEFAULT_BODY[0]![1] };
    const at = await toPage(page, nose);
    await page.mouse.move(at.x, at.y);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(zoom * 1.5);
    const still = await toPage(page, nose);
    expect(still.x).toBeCloseTo(at.x, 0);
    expect(still.y).toBeCloseTo(at.y, 0);
    await stage(page).focus();
    await page.keyboard.down(' ');
    await page.mouse.down();
    await page.mouse.move(at.x + 50, at.y + 20, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.up(' ');
    const panned = await toPage(page, nose);
    expect(panned.x).toBeCloseTo(at.x + 50, 0);
    await tool(page, 'Fit to screen').click();
    expect(await zoomOf(page)).toBeCloseTo(zoom, 6);
    // Panning moved nothing in the pose.
    expect(pointOf((await exportJson(page)).people[0]!.pose_keypoints_2d, 0).x).toBeCloseTo(nose.x, 6);
  });
});
