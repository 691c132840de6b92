import { expect, test } from '@playwright/test';
import { API_PATHS } from '../../src/api/contract';
import { createDefaultPoseDocument, toOpenPoseJson } from '../../src/pose';
import { createTestUser } from '../support/emulator';
import { newestPrompt, generateButton, historyItems, main, promptBox, statusBadge } from './generate.helpers';
import { queuePrompt } from './support/promptApi';
import { signInInWidget } from './support/widget';

// The storage quota as the Generate page shows it (the e2e server runs with USER_STORAGE_QUOTA_MB=50).

test.describe('storage quota', () => {
  test('a prompt past the quota is refused on the Generate page, saying how much is used and how to free space', async ({ page, baseURL }) => {
    const user = await createTestUser('full');
    // Five upload URLs of 10 MB each hold the user's 50 MB.
    for (let i = 0; i < 5; i++) {
      const query = new URLSearchParams({ filename: `big-${i}.png`, content_type: 'image/png', purpose: 'estimation', size: String(10 * 1024 * 1024) });
      const res = await fetch(new URL(`${API_PATHS.presignUrl}?${query}`, baseURL), { headers: { authorization: `Bearer ${user.idToken}` } });
      expect(res.status).toBe(200);
    }
    await page.goto('/login');
    await signInInWidget(page, user.email, user.password);
    await expect(page).toHaveURL(/\/pose$/);
    await promptBox(page).fill('a sculpture garden');
    await generateButton(page).click();
    const message = 'Your storage is full: you use 50.0 MB of your 50.0 MB';
    await expect(page.locator('.notifications').getByRole('alert')).toContainText(`50701: ${message}`);
    await expect(newestPrompt(page).getByRole('alert')).toContainText('Delete prompts you no longer need from your history to free space.');
    await expect(statusBadge(newestPrompt(page), 'Failed')).toBeVisible();
    // The refused prompt's card is the only one, and it was never stored: a reload shows an empty history.
    await expect(historyItems(page)).toHaveCount(1);
    await page.reload();
    await expect(main(page).getByText('Nothing generated yet. Your prompts will appear here.')).toBeVisible();
    await expect(historyItems(page)).toHaveCount(0);
  });

  test('deleting a finished prompt from the history removes it and says how much was freed', async ({ page, baseURL }) => {
    const user = await createTestUser('tidy');
    const pose = toOpenPoseJson(createDefaultPoseDocument());
    await queuePrompt(baseURL!, user.idToken, { prompt: 'to be kept', width: 64, height: 96, gNumber: 1, pose });
    await queuePrompt(baseURL!, user.idToken, { prompt: 'to be deleted', width: 64, height: 96, gNumber: 1, pose });
    await page.goto('/login');
    await signInInWidget(page, user.email, user.password);
    await expect(page).toHaveURL(/\/pose$/);
    const doomed = historyItems(page).filter({ hasText: 'to be deleted' });
    await expect(statusBadge(doomed, 'Done')).toBeVisible({ timeout: 20_000 });
    await doomed.getByRole('button', { name: 'Delete' }).click();
    // Deleted on the server once the few seconds in which it can be undone are over.
    await expect(page.locator('.notifications').getByRole('status')).toContainText(/^Prompt deleted with its images: \d+ KB freed\./, { timeout: 15_000 });
    await expect(historyItems(page)).toHaveCount(1);
    await expect(historyItems(page).first()).toContainText('to be kept');
  });
});
