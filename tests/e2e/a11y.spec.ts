import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

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
  '/login': (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
};

for (const lng of ['en', 'zh']) {
  test.describe(`accessibility (${lng})`, () => {
    for (const [path, isReady] of Object.entries(ready)) {
      test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
        await page.goto(`${path}?lng=${lng}`);
        await isReady(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('axe finds no serious or critical violation in the sign-in dialog', async ({ page }) => {
      await page.goto(`/pose?lng=${lng}`);
      await page.getByRole('banner').getByRole('button', { name: lng === 'en' ? 'Sign In' : '登录' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
