import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_BODY } from './editor.helpers';

/** The serious and critical axe-core violations on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`));
}

const ready: Record<string, (page: Page) => Promise<void>> = {
  '/': (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  '/pose': (page) => expect(page.getByRole('complementary')).toBeVisible(),
  '/edit': (page) => expect(page.getByRole('application')).toHaveAttribute('data-view', /\d/),
  // The page and the widget FirebaseUI draws into it once its chunk has loaded.
  '/login': (page) => expect(widgetButton(page)).toBeVisible(),
};

/** Taps the built-in pose's right wrist, in either language (the stage's name is translated). */
async function tapWrist(page: Page): Promise<void> {
  const canvas = page.locator('.pose-stage');
  const [scale, x, y] = (await canvas.getAttribute('data-view'))!.split(' ').map(Number) as [number, number, number];
  const box = (await canvas.boundingBox())!;
  await page.touchscreen.tap(box.x + x + DEFAULT_BODY[4]![0] * scale, box.y + y + DEFAULT_BODY[4]![1] * scale);
}

/** The sign-in widget's e-mail button (FirebaseUI speaks English in either language). */
const widgetButton = (page: Page) => page.getByTestId('sign-in-widget').getByRole('button', { name: 'Sign in with email' });

for (const lng of ['en', 'zh']) {
  test.describe(`accessibility (${lng})`, () => {
    for (const [path, isReady] of Object.entries(ready)) {
      test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
        await page.goto(`${path}?lng=${lng}`);
        await isReady(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('axe finds no serious or critical violation in the sign-in dialog, with its widget and at its e-mail step', async ({ page }) => {
      await page.goto(`/pose?lng=${lng}`);
      await page
        .getByRole('banner')
        .getByRole('button', { name: lng === 'en' ? 'Sign In' : '登录' })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(widgetButton(page)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await widgetButton(page).click();
      await expect(page.getByTestId('sign-in-widget').getByLabel('Email')).toBeVisible();
      expect(await seriousViolations(page), 'the e-mail step').toEqual([]);
    });

    test('axe finds no serious or critical violation on /login at its e-mail step', async ({ page }) => {
      await page.goto(`/login?lng=${lng}`);
      await widgetButton(page).click();
      await expect(page.getByTestId('sign-in-widget').getByLabel('Email')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('axe finds no serious or critical violation in the phone editor with a joint selected and its sheets open', async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await page.goto(`/edit?lng=${lng}`);
      await ready['/edit']!(page);
      const bar = page.getByRole('group', { name: lng === 'en' ? 'Workspace' : '工作区' }).getByRole('button');
      await expect(bar).toHaveCount(3);
      await tapWrist(page);
      await expect(page.getByRole('group', { name: lng === 'en' ? 'Selected joint' : '所选关节' }).getByRole('textbox', { name: 'X' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      for (let i = 0; i < 3; i++) {
        await bar.nth(i).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect(await seriousViolations(page), (await page.getByRole('dialog').getAttribute('aria-labelledby')) ?? '').toEqual([]);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      }
      await context.close();
    });
  });
}
