import { expect, test } from '@playwright/test';
import { createDefaultPoseDocument, toOpenPoseJson } from '../../src/pose';
import { createTestUser } from '../support/emulator';
import { readPngSize } from '../support/pngInfo';
import { historyItems, statusBadge } from './generate.helpers';
import { SIZES } from './layout.helpers';
import { queuePrompt } from './support/promptApi';
import { signInInWidget } from './support/widget';

// The history's cards at a desktop and a phone size: the control image beside the results, and a
// delete that can be undone for a few seconds before it reaches the server.
for (const [name, size] of Object.entries({ desktop: SIZES.wide, phone: SIZES.narrow })) {
  test.describe(`history cards on a ${name} (${size.viewport.width} x ${size.viewport.height})`, () => {
    test('show the control image beside the results, and a delete can be undone, then happens once the time is up', async ({ browser, baseURL }) => {
      const context = await browser.newContext({ ...size, baseURL });
      const page = await context.newPage();
      const user = await createTestUser(`cards-${name}`);
      const pose = toOpenPoseJson(createDefaultPoseDocument());
      await queuePrompt(baseURL!, user.idToken, { prompt: 'kept through an undo', width: 96, height: 64, gNumber: 1, pose });
      await page.goto('/login');
      await signInInWidget(page, user.email, user.password);
      await expect(page).toHaveURL(/\/pose$/);
      const card = historyItems(page).filter({ hasText: 'kept through an undo' });
      await expect(statusBadge(card, 'Done')).toBeVisible({ timeout: 20_000 });

      // The control image the result was made from is shown beside it, at the prompt's size.
      const control = card.getByRole('img', { name: 'The control image the model was given, 96 × 64' });
      await expect(control).toBeVisible();
      const controlPng = await (await page.request.get((await control.getAttribute('src')) as string)).body();
      expect(readPngSize(controlPng)).toEqual({ width: 96, height: 64 });
      // Opened large, a result is shown next to the control image, to compare.
      await card.getByRole('button', { name: 'Open image 1' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('img', { name: 'The control image the model was given, 96 × 64' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).click();

      // Delete, then Undo within the time: the prompt stays, on the page and on the server.
      await card.getByRole('button', { name: 'Delete' }).click();
      const deleted = page.getByRole('listitem').filter({ hasText: 'Deleted "kept through an undo".' });
      await expect(deleted).toBeVisible();
      await expect(historyItems(page)).toHaveCount(0);
      await deleted.getByRole('button', { name: 'Undo' }).click();
      await expect(card).toBeVisible();
      await page.waitForTimeout(6000);
      await page.reload();
      await expect(statusBadge(historyItems(page).filter({ hasText: 'kept through an undo' }), 'Done')).toBeVisible({ timeout: 20_000 });

      // Delete and let the time run out: deleted on the server, saying how much was freed.
      await historyItems(page).first().getByRole('button', { name: 'Delete' }).click();
      await expect(page.locator('.notifications').getByRole('status')).toContainText(/^Prompt deleted with its images: \d+ KB freed\./, { timeout: 15_000 });
      await page.reload();
      await expect(page.getByText('Nothing generated yet. Your prompts will appear here.')).toBeVisible();
      await context.close();
    });
  });
}
