import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_BODY, openEditor, pointOf, stage, toPage, zoomOf } from './editor.helpers';
import { canvasOnStage, clickTool, exportAnywhere, SIZES, smallTargets } from './layout.helpers';

const RIGHT_WRIST = 4;
const wrist = { x: DEFAULT_BODY[RIGHT_WRIST]![0], y: DEFAULT_BODY[RIGHT_WRIST]![1] };
const CANVAS = { width: 400, height: 600 };

/** Opens the editor at one of the test sizes; on the small ones, waits for the workspace bar the canvas is fitted beside. */
async function openAt(browser: import('@playwright/test').Browser, size: (typeof SIZES)[keyof typeof SIZES]): Promise<Page> {
  const page = await (await browser.newContext(size)).newPage();
  await openEditor(page);
  if ('hasTouch' in size) await expect(page.getByRole('button', { name: 'People', exact: true })).toBeVisible();
  return page;
}

/** Asserts that the stage shows the whole canvas, centred, as large as the stage allows (within its margin). */
async function expectFitted(page: Page): Promise<void> {
  await expect(async () => {
    const c = await canvasOnStage(page, CANVAS);
    expect(c.left).toBeGreaterThanOrEqual(0);
    expect(c.top).toBeGreaterThanOrEqual(0);
    expect(c.right).toBeLessThanOrEqual(c.width);
    expect(c.bottom).toBeLessThanOrEqual(c.height);
    expect(Math.abs(c.left - (c.width - c.right))).toBeLessThan(1);
    expect(Math.abs(c.top - (c.height - c.bottom))).toBeLessThan(1);
    expect(Math.max((c.right - c.left) / c.width, (c.bottom - c.top) / c.height)).toBeGreaterThan(0.85);
  }).toPass({ timeout: 7_000 });
}

for (const [name, size] of Object.entries(SIZES)) {
  test.describe(`${size.viewport.width} x ${size.viewport.height}`, () => {
    test("no control covers the pose: every joint of two people on the canvas is the stage's to touch", async ({ browser }) => {
      const page = await openAt(browser, size);
      await clickTool(page, 'Add person');
      const doc = await exportAnywhere(page);
      expect(doc.people).toHaveLength(2);
      for (const [n, person] of doc.people.entries()) {
        for (let i = 0; i < DEFAULT_BODY.length; i++) {
          const point = pointOf(person.pose_keypoints_2d, i);
          // A new person may stand partly off the canvas; what is on it must be reachable.
          if (point.x < 0 || point.x > CANVAS.width || point.y < 0 || point.y > CANVAS.height) continue;
          const at = await toPage(page, point);
          const onStage = await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('.pose-stage'), at);
          expect(onStage, `person ${n + 1}, joint ${i}`).toBe(true);
        }
      }
      // The posing tools sit beside the stage.
      const tools = (await page.getByRole('toolbar', { name: 'Posing tools' }).boundingBox())!;
      const box = (await stage(page).boundingBox())!;
      expect(tools.x + tools.width).toBeLessThanOrEqual(box.x);
      await page.context().close();
    });

    if (name === 'wide') return;

    test('every control is a 44 px touch target: the editor with a joint selected, its drawers, /login and the sign-in dialog', async ({ browser }) => {
      const page = await openAt(browser, size);
      const at = await toPage(page, wrist);
      await page.touchscreen.tap(at.x, at.y);
      await expect(page.getByRole('group', { name: 'Selected joint' }).getByRole('textbox', { name: 'X' })).toBeVisible();
      expect(await smallTargets(page.locator('body'))).toEqual([]);
      for (const drawer of ['People', 'Pose from a photo', 'Generate images']) {
        await page.getByRole('button', { name: drawer, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: drawer === 'People' ? 'People and animals' : drawer });
        await expect(dialog).toBeVisible();
        expect(await smallTargets(dialog), drawer).toEqual([]);
        await dialog.getByRole('button', { name: 'Close' }).click();
        await expect(dialog).toBeHidden();
      }

      await page.goto('/login');
      const email = page.getByTestId('sign-in-widget').getByRole('button', { name: 'Sign in with email' });
      await expect(email).toBeVisible();
      expect(await smallTargets(page.locator('body'))).toEqual([]);
      await email.click();
      await expect(page.getByTestId('sign-in-widget').getByLabel('Email')).toBeVisible();
      expect(await smallTargets(page.locator('body')), 'the e-mail step').toEqual([]);

      await page.goto('/');
      expect(await smallTargets(page.locator('body')), 'the home page').toEqual([]);
      await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign in to Posecraft' });
      await expect(dialog.getByRole('button', { name: 'Sign in with email' })).toBeVisible();
      expect(await smallTargets(dialog)).toEqual([]);
      await page.context().close();
    });

    if (name !== 'medium') return;

    test('turned to landscape and back, the canvas stays fitted: whole, centred, as large as the stage allows', async ({ browser }) => {
      const page = await openAt(browser, size);
      await expectFitted(page);
      const portrait = await zoomOf(page);
      // Zoomed in by hand first: a turn fits the canvas again.
      await clickTool(page, 'Zoom in');
      await expect.poll(() => zoomOf(page)).toBeGreaterThan(portrait);

      await page.setViewportSize({ width: size.viewport.height, height: size.viewport.width });
      await expectFitted(page);
      const landscape = await zoomOf(page);
      expect(landscape).toBeLessThan(portrait);
      expect((await stage(page).boundingBox())!.width / size.viewport.height).toBeGreaterThanOrEqual(0.7);

      await page.setViewportSize(size.viewport);
      await expectFitted(page);
      expect(await zoomOf(page)).toBeCloseTo(portrait, 3);
      await page.context().close();
    });
  });
}
