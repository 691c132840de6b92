import { expect, test } from '@playwright/test';

test.describe('languages', () => {
  test('?lng=zh shows Chinese and is remembered', async ({ page }) => {
    await page.goto('/pose?lng=zh');
    await expect(page.getByRole('heading', { name: '生成图像' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '图像尺寸' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('zh');
    await page.goto('/pose');
    await expect(page.getByRole('heading', { name: '图像数量' })).toBeVisible();
  });

  test('the language switch changes every string and the choice survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pose it. Generate it.');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('摆好姿势，一键生成。');
    await expect(page.getByRole('link', { name: '开始摆姿势' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('摆好姿势，一键生成。');
    await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pose it. Generate it.');
  });

  test('the cookie i18next is read when there is no query parameter', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18next', value: 'zh', url: 'http://localhost:8181' }]);
    await page.goto('/not-a-page');
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  });

  test('the browser language is used when nothing else says', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: '登录 Posecraft' })).toBeVisible();
    await context.close();
  });
});
