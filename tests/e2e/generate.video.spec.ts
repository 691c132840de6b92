import { expect, test } from '@playwright/test';
import { createDefaultPoseDocument, toOpenPoseJson, type OpenPoseJson } from '../../src/pose';
import { createTestUser } from '../support/emulator';
import { historyItems, statusBadge } from './generate.helpers';
import { queuePrompt, stopPromptAsUser } from './support/promptApi';
import { signInInWidget } from './support/widget';

/** `count` frames of the default pose, moved 6 px right a frame. */
function sequence(count = 4): OpenPoseJson[] {
  return Array.from({ length: count }, (_, f) => {
    const pose = toOpenPoseJson(createDefaultPoseDocument());
    const people = pose.people.map((p) => ({ ...p, pose_keypoints_2d: p.pose_keypoints_2d?.map((v, i) => (i % 3 === 0 && v > 0 ? v + 6 * f : v)) ?? [] }));
    return { ...pose, people };
  });
}

test('a mannequin video made from a pose sequence plays in its history card', async ({ page, baseURL }) => {
  const user = await createTestUser('video-history');
  const frames = sequence();
  await queuePrompt(baseURL!, user.idToken, { prompt: 'a short walk', width: 128, height: 96, gNumber: 1, pose: frames[0], frames, fps: 8 });
  await page.goto('/login');
  await signInInWidget(page, user.email, user.password);
  const card = historyItems(page).filter({ hasText: 'a short walk' });
  await expect(statusBadge(card, 'Done')).toBeVisible({ timeout: 30_000 });

  const player = card.getByLabel('Generated video, 128 × 96');
  await expect(player).toBeVisible();
  expect(await player.evaluate((video: HTMLVideoElement) => [video.controls, video.loop])).toEqual([true, true]);
  // The browser reads the file: four frames at 8 fps last half a second, and it plays.
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.duration)).toBeCloseTo(0.5, 1);
  await player.evaluate((video: HTMLVideoElement) => video.play());
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);
  expect(await player.evaluate((video: HTMLVideoElement) => [video.videoWidth, video.videoHeight])).toEqual([128, 96]);
  await expect(card.getByRole('link', { name: 'Download video' })).toHaveAttribute('download', /\.mp4$/);
});

test("a long video's card shows its progress part-way while it runs, and ends stopped, without a player, when stopped", async ({ page, baseURL }) => {
  const user = await createTestUser('video-stop');
  const frames = sequence(161);
  const { prompt_id } = await queuePrompt(baseURL!, user.idToken, { prompt: 'a long walk', width: 640, height: 640, gNumber: 1, pose: frames[0], frames });
  await page.goto('/login');
  await signInInWidget(page, user.email, user.password);
  const card = historyItems(page).filter({ hasText: 'a long walk' });
  const bar = card.getByRole('progressbar');
  // Part-way: some frames drawn, not all.
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(0);
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(95);
  await stopPromptAsUser(baseURL!, user.idToken, prompt_id);
  await expect(statusBadge(card, 'Stopped')).toBeVisible({ timeout: 15_000 });
  await expect(card.locator('video')).toHaveCount(0);
});
