import { expect, test, type Page } from '@playwright/test';
import { createDefaultPoseDocument, toOpenPoseJson } from '../../src/pose';
import { createTestUser } from '../support/emulator';
import { readPngSize } from '../support/pngInfo';
import { expectImages, generateButton, historyItems, main, newestPrompt, promptBox, statusBadge } from './generate.helpers';
import { SIZES } from './layout.helpers';
import { queuePrompt } from './support/promptApi';
import { signInInWidget } from './support/widget';

/** A prompt's text where the page shows it (its card), not where the user typed it. */
const shownText = (page: Page, text: string) => main(page).getByText(text, { exact: true }).and(main(page).locator(':not(textarea)'));

// The history's cards at a desktop and a phone size: one card per prompt, the control image beside
// the results, and a delete that can be undone for a few seconds before it reaches the server.
for (const [name, size] of Object.entries({ desktop: SIZES.wide, phone: SIZES.narrow })) {
  test.describe(`history cards on a ${name} (${size.viewport.width} x ${size.viewport.height})`, () => {
    test('size and count are set above the history, and each prompt generated has one card, newest first', async ({ browser, baseURL }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ ...size, baseURL });
      const page = await context.newPage();
      const user = await createTestUser(`one-card-${name}`);
      await page.goto('/login');
      await signInInWidget(page, user.email, user.password);
      await expect(page).toHaveURL(/\/pose$/);

      // Size and count: in the panel beside the page on a desktop; on a phone, from a button in
      // view at the top of the page, above the prompt and the history.
      const change = main(page).getByRole('button', { name: 'Change size and count' });
      if (name === 'phone') {
        await expect(change).toBeInViewport({ ratio: 1 });
        const [button, prompt] = [await change.boundingBox(), await promptBox(page).boundingBox()];
        expect(button!.y).toBeLessThan(prompt!.y);
        await change.click();
        const sheet = page.getByRole('dialog', { name: 'Generate images' });
        await sheet.getByRole('radio', { name: '2', exact: true }).click();
        await sheet.getByRole('button', { name: 'Close' }).click();
        await expect(sheet).toHaveCount(0);
      } else {
        await expect(change).toHaveCount(0);
        await page.getByRole('complementary', { name: 'Generate images' }).getByRole('radio', { name: '2', exact: true }).click();
      }
      await expect(main(page).getByText('2 image(s) at 400 × 600')).toBeVisible();

      for (const text of ['one card for the first prompt', 'one card for the second prompt']) {
        await promptBox(page).fill(text);
        await generateButton(page).click();
        await expect(statusBadge(newestPrompt(page), 'Done')).toBeVisible({ timeout: 30_000 });
        await expect(newestPrompt(page)).toContainText(text);
        await expectImages(page, newestPrompt(page), 2, 400, 600);
        await expect(newestPrompt(page).getByRole('img', { name: 'The control image the model was given, 400 × 600' })).toBeVisible();
        await expect(shownText(page, text)).toHaveCount(1);
      }
      await expect(historyItems(page)).toHaveCount(2);
      await expect(historyItems(page).nth(1)).toContainText('one card for the first prompt');
      await expect(shownText(page, 'one card for the first prompt')).toHaveCount(1);
      // However long the history, the phone's bar with the panel's button stays in view.
      if (name === 'phone') await expect(page.getByRole('button', { name: 'Generate images' })).toBeInViewport({ ratio: 1 });
      await context.close();
    });

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
