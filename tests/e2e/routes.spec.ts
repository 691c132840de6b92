import { expect, test } from '@playwright/test';

test.describe('routes', () => {
  test('the home page says what Posecraft does and leads to /pose', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pose it. Generate it.');
    await expect(page.getByText(/drag the joints of people and animals/)).toBeVisible();
    await page.getByRole('link', { name: 'Start posing' }).click();
    await expect(page).toHaveURL(/\/pose$/);
    await expect(page.getByRole('heading', { name: 'Generate images' })).toBeVisible();
  });

  test('the product name in the black header goes home', async ({ page }) => {
    await page.goto('/edit');
    const header = page.locator('header');
    await expect(header).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await header.getByRole('link', { name: 'Posecraft' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const [path, heading] of [
    ['/pose', 'Generate'],
    ['/edit', 'Pose editor'],
    ['/login', 'Sign in to Posecraft'],
  ] as const) {
    test(`${path} renders on a fresh load`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('/pose and /edit share the layout with the Generate images panel; /login does not', async ({ page }) => {
    for (const path of ['/pose', '/edit']) {
      await page.goto(path);
      await expect(page.getByRole('complementary', { name: 'Generate images' })).toBeVisible();
    }
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Generate images' })).toHaveCount(0);
  });

  test('any other path shows the not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('There is no page at /no/such/page.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('pages load on demand, with a spinner while they load', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    // Hold the editor's chunk back so the spinner can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/EditorPage-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.some((s) => /EditorPage-/.test(s))).toBe(false);
    await page.getByRole('link', { name: 'Pose editor' }).click();
    await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Pose editor' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
  });
});
