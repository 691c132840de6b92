import { expect, test, type Page } from '@playwright/test';

/** Paths of the JavaScript chunks the page has fetched so far. */
function scriptsFetched(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

const has = (seen: string[], chunk: string) => seen.some((p) => p.includes(`/${chunk}-`));

test.describe('preloading the next step', () => {
  test('pointing at "Start posing" fetches the Generate page before the click, not before', async ({ page }) => {
    const seen = scriptsFetched(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(has(seen, 'GeneratePage')).toBe(false);
    const cta = page.getByRole('link', { name: 'Start posing' });
    await cta.hover();
    await expect.poll(() => has(seen, 'GeneratePage')).toBe(true);
    const before = seen.filter((p) => p.includes('/GeneratePage-')).length;
    await cta.click();
    await expect(page).toHaveURL(/\/pose$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The route renders the chunk the hover fetched: it is not fetched a second time.
    expect(seen.filter((p) => p.includes('/GeneratePage-')).length).toBe(before);
  });

  test('pointing at Sign In fetches the dialog and the widget, so the modal opens at once', async ({ page }) => {
    const seen = scriptsFetched(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(has(seen, 'SignInWidget')).toBe(false);
    await page.getByRole('button', { name: 'Sign In' }).hover();
    await expect.poll(() => has(seen, 'SignInDialog') && has(seen, 'SignInWidget')).toBe(true);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('pointing at the Modify Pose preview or the Editor link fetches the editor', async ({ page }) => {
    const seen = scriptsFetched(page);
    await page.goto('/pose', { waitUntil: 'networkidle' });
    expect(has(seen, 'EditorPage')).toBe(false);
    await page.getByRole('button', { name: 'Open the pose editor' }).hover();
    await expect.poll(() => has(seen, 'EditorPage')).toBe(true);
  });
});
