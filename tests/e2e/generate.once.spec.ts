import { expect, test } from '@playwright/test';
import { createTestUser } from '../support/emulator';
import { generateButton, historyItems, main, promptBox, statusBadge } from './generate.helpers';
import { signInInWidget } from './support/widget';

// One prompt per click: a Generate whose answer never reached the page (the page was reloaded, the
// connection dropped), followed by a reload and Generate again, leaves one prompt in the history.

test('a reload right after Generate, then Generate again, leaves one prompt in the history', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createTestUser('generate-once');
  await page.goto('/login');
  await signInInWidget(page, user.email, user.password);
  await expect(page).toHaveURL(/\/pose$/);
  await promptBox(page).fill('a lighthouse at dusk');

  // The server queues the prompt, but its answer is lost on the way back, as when the page reloads.
  let sent = 0;
  await page.route('**/v1/query_prompt', async (route) => {
    sent++;
    if (sent > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await generateButton(page).click();
  await expect.poll(() => sent).toBe(1);
  await page.reload();
  await expect(historyItems(page)).toHaveCount(1);

  await expect(promptBox(page)).toHaveValue('a lighthouse at dusk');
  await generateButton(page).click();
  const card = historyItems(page).filter({ hasText: 'a lighthouse at dusk' });
  await expect(statusBadge(card, 'Done')).toBeVisible({ timeout: 60_000 });
  expect(sent).toBe(2);
  await page.reload();
  await expect(historyItems(page)).toHaveCount(1);
  // A later click on the answered prompt is a new prompt.
  await generateButton(page).click();
  await expect(historyItems(page)).toHaveCount(2);
  await expect(statusBadge(main(page).getByRole('article').first(), 'Done')).toBeVisible({ timeout: 60_000 });
});
