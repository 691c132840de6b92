import { expect, test, type Page } from '@playwright/test';

const panel = (page: Page) => page.getByRole('complementary', { name: 'Generate images' });
const preset = (page: Page, id: string) => panel(page).getByRole('group', { name: 'Aspect ratio' }).getByRole('button', { name: id, exact: true });

test.describe('Generate images panel', () => {
  test('is exactly 346 px wide with its three sections', async ({ page }) => {
    await page.goto('/pose');
    const box = await panel(page).boundingBox();
    expect(box?.width).toBe(346);
    for (const name of ['Modify Pose', 'Image Dimensions', 'Number of images']) {
      await expect(panel(page).getByRole('heading', { name, exact: true })).toBeVisible();
    }
  });

  test('defaults to 2:3 Small, 400 x 600, one image, highlighted', async ({ page }) => {
    await page.goto('/pose');
    await expect(preset(page, '2:3')).toHaveAttribute('aria-pressed', 'true');
    await expect(panel(page).getByRole('button', { name: /Small/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel(page).getByRole('button', { name: /Small/ })).toHaveCSS('background-color', 'rgb(63, 140, 255)');
    await expect(panel(page).getByRole('radio', { name: '1' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('1 image(s) at 400 × 600')).toBeVisible();
  });

  for (const [id, small, medium, large] of [
    ['2:3', '400 × 600', '600 × 900', '680 × 1020'],
    ['1:1', '400 × 400', '800 × 800', '1000 × 1000'],
    ['16:9', '480 × 270', '640 × 360', '1024 × 576'],
  ] as const) {
    test(`preset ${id} sets its Small size and offers its three sizes`, async ({ page }) => {
      await page.goto('/pose');
      await panel(page).getByRole('button', { name: /Large/ }).click();
      await preset(page, id).click();
      await expect(preset(page, id)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText(`at ${small}`)).toBeVisible();
      const sizes = panel(page).getByRole('group', { name: 'Size' });
      await expect(sizes.getByRole('button', { name: `Small ${small}` })).toHaveAttribute('aria-pressed', 'true');
      await sizes.getByRole('button', { name: `Medium ${medium}` }).click();
      await expect(page.getByText(`at ${medium}`)).toBeVisible();
      await expect(sizes.getByRole('button', { name: `Medium ${medium}` })).toHaveAttribute('aria-pressed', 'true');
      await expect(sizes.getByRole('button', { name: `Small ${small}` })).toHaveAttribute('aria-pressed', 'false');
      await sizes.getByRole('button', { name: `Large ${large}` }).click();
      await expect(page.getByText(`at ${large}`)).toBeVisible();
    });
  }

  test('More reveals Angle adjustment (Wide, Length) and Socials', async ({ page }) => {
    await page.goto('/pose');
    await expect(panel(page).getByText('Angle adjustment')).toHaveCount(0);
    await preset(page, 'More').click();
    await expect(panel(page).getByRole('heading', { name: 'Angle adjustment' })).toBeVisible();
    await expect(panel(page).getByRole('heading', { name: 'Socials' })).toBeVisible();
    await expect(panel(page).getByRole('slider', { name: 'Wide' })).toHaveValue('400');
    await expect(panel(page).getByRole('slider', { name: 'Length' })).toHaveValue('600');
    for (const [name, dims] of [
      ['Facebook 16:9', '640 × 360'],
      ['Instagram 4:5', '800 × 1000'],
      ['Twitter/X 4:3', '1000 × 750'],
      ['TikTok 9:16', '360 × 640'],
    ]) {
      await panel(page)
        .getByRole('button', { name: `${name} ${dims}` })
        .click();
      await expect(page.getByText(`at ${dims}`)).toBeVisible();
      await expect(panel(page).getByRole('button', { name: `${name} ${dims}` })).toHaveAttribute('aria-pressed', 'true');
    }
  });

  test('typing a valid width and length sets them; the slider follows', async ({ page }) => {
    await page.goto('/pose');
    await preset(page, 'More').click();
    await panel(page).getByRole('textbox', { name: 'Wide' }).fill('512');
    await panel(page).getByRole('textbox', { name: 'Length' }).fill('1024');
    await expect(page.getByText('at 512 × 1024')).toBeVisible();
    await expect(panel(page).getByRole('slider', { name: 'Wide' })).toHaveValue('512');
  });

  test('the Wide slider sets the width', async ({ page }) => {
    await page.goto('/pose');
    await preset(page, 'More').click();
    const slider = panel(page).getByRole('slider', { name: 'Wide' });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('at 402 × 600')).toBeVisible();
  });

  for (const bad of ['0', '1025', '', 'abc', '12.5', '-5']) {
    test(`width "${bad}" is refused with a message and the last valid value stays`, async ({ page }) => {
      await page.goto('/pose');
      await preset(page, 'More').click();
      const wide = panel(page).getByRole('textbox', { name: 'Wide' });
      await wide.fill('300');
      await wide.fill(bad);
      await expect(panel(page).getByRole('alert')).toHaveText('Enter a whole number from 1 to 1024; keeping 300.');
      await expect(wide).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('at 300 × 600')).toBeVisible();
      await wide.blur();
      await expect(wide).toHaveValue('300');
    });
  }

  test('the number of images is one of 1, 2, 3, 4 only', async ({ page }) => {
    await page.goto('/pose');
    const radios = panel(page).getByRole('radiogroup', { name: 'Number of images' }).getByRole('radio');
    await expect(radios).toHaveText(['1', '2', '3', '4']);
    await radios.nth(3).click();
    await expect(radios.nth(3)).toHaveAttribute('aria-checked', 'true');
    await expect(radios.nth(0)).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('4 image(s) at')).toBeVisible();
  });

  test('settings survive a reload, and stored nonsense falls back to the defaults', async ({ page }) => {
    await page.goto('/pose');
    await preset(page, '16:9').click();
    await panel(page)
      .getByRole('button', { name: /Medium/ })
      .click();
    await panel(page).getByRole('radio', { name: '3' }).click();
    await page.reload();
    await expect(preset(page, '16:9')).toHaveAttribute('aria-pressed', 'true');
    await expect(panel(page).getByRole('button', { name: /Medium/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel(page).getByRole('radio', { name: '3' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('3 image(s) at 640 × 360')).toBeVisible();

    // Nonsense in the settings resets them; the canvas size is the document's own and stays.
    await page.evaluate(() => localStorage.setItem('posecraft.settings', '{"preset":"1:1","width":99999,"gNumber":7}'));
    await page.reload();
    await expect(page.getByText('1 image(s) at 640 × 360')).toBeVisible();
    await expect(preset(page, '16:9')).toHaveAttribute('aria-pressed', 'true');
  });

  test('the Modify Pose preview opens the editor', async ({ page }) => {
    await page.goto('/pose');
    const preview = panel(page).getByRole('button', { name: 'Open the pose editor' });
    await expect(preview.locator('img')).toBeVisible();
    // The image holds its place while it decodes (so the button keeps its size): wait for the picture itself.
    await expect.poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await preview.click();
    await expect(page).toHaveURL(/\/edit$/);
  });
});
