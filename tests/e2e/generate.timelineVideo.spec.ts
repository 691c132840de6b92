import { expect, test } from '@playwright/test';
import { createTestUser } from '../support/emulator';
import { importFrameList } from './editor.helpers';
import { generateButton, goToGenerate, historyItems, main, promptBox, statusBadge } from './generate.helpers';
import { signInInWidget } from './support/widget';

// The editor's timeline, sent from the Generate page as one video (mannequin engine) and played in its card.

test('a timeline of five frames becomes one video of five frames, played in its history card', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createTestUser('timeline-video');
  await page.goto('/login');
  await signInInWidget(page, user.email, user.password);
  await expect(page).toHaveURL(/\/pose$/);
  // A single pose offers no video.
  const option = main(page).getByRole('checkbox', { name: /A video of the timeline instead of images/ });
  await expect(option).toHaveCount(0);

  await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
  await importFrameList(page, 5, 8);
  await goToGenerate(page);

  await expect(option).toHaveAccessibleName('A video of the timeline instead of images (5 frames at 16 fps)');
  await option.check();
  await promptBox(page).fill('a dancer stepping right');
  await generateButton(page).click();
  const card = historyItems(page).filter({ hasText: 'a dancer stepping right' });
  await expect(statusBadge(card, 'Done')).toBeVisible({ timeout: 60_000 });
  const player = card.getByLabel('Generated video, 400 × 600');
  await expect(player).toBeVisible();
  // Five frames at 16 fps: 0.31 s, at the canvas size.
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.duration)).toBeCloseTo(5 / 16, 1);
  expect(await player.evaluate((video: HTMLVideoElement) => [video.videoWidth, video.videoHeight])).toEqual([400, 600]);
  // One video, no still images beside it.
  await expect(card.getByRole('img', { name: /^Generated image/ })).toHaveCount(0);
});
