import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { createDefaultPoseDocument, toOpenPoseJson } from '../../src/pose';
import { readPngSize } from '../support/pngInfo';
import { createTestUser } from '../support/emulator';
import { DEFAULT_BODY, exportJson, openEditor, toPage, tool } from './editor.helpers';
import {
  chooseSettings,
  newestPrompt,
  expectImages,
  generateButton,
  goToGenerate,
  history,
  historyItems,
  main,
  makePose,
  panel,
  promptBox,
  recordShownStates,
  statusBadge,
} from './generate.helpers';
import { fillQueue } from './support/busyQueue';
import { queuePrompt } from './support/promptApi';
import { signInInWidget, signUpInWidget, uniqueEmail } from './support/widget';

// Runs against the real server (mannequin engine, one worker) and the Auth Emulator.

test.describe('generation', () => {
  test('sign up, pose, 16:9 Medium x 3, Generate: progress, three 640 x 360 images, history after a reload, use again', async ({ page }) => {
    // Sign-up, two generations and a reload on a shared 2-core machine: more than the default 30 s.
    test.setTimeout(120_000);
    await test.step('sign up through the widget and land on /pose with an empty history', async () => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await signUpInWidget(page, uniqueEmail('maker'), 'Mia Maker');
      await expect(page).toHaveURL(/\/pose$/);
      await expect(history(page).getByText('Nothing generated yet. Your prompts will appear here.')).toBeVisible();
      // No pose made yet: the built-in pose the panel previews stands in, so Generate is ready.
      await expect(main(page).getByText('Make a pose first: the canvas is empty.')).toHaveCount(0);
      await promptBox(page).fill('a dancer on a rooftop at sunset');
      await expect(generateButton(page)).toBeEnabled();
    });

    let pose: Awaited<ReturnType<typeof exportJson>>;
    await test.step('choose 16:9 Medium and 3 images, then make a pose of two people', async () => {
      await chooseSettings(page, '16:9', 'Medium 640 × 360', 3);
      await expect(main(page).getByText('3 image(s) at 640 × 360')).toBeVisible();
      await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
      await expect(page.getByRole('application', { name: /Pose canvas/ })).toHaveAttribute('data-view', /\d/);
      await tool(page, 'Add person').click();
      pose = await exportJson(page);
      expect(pose.people).toHaveLength(2);
      expect([pose.canvas_width, pose.canvas_height]).toEqual([640, 360]);
      await goToGenerate(page);
      await expect(main(page).getByText('Make a pose first: the canvas is empty.')).toHaveCount(0);
    });

    let firstUrls: string[] = [];
    await test.step('Generate: the progress shows, Generate waits, then three 640 x 360 images arrive', async () => {
      await main(page).getByRole('textbox', { name: 'Negative prompt' }).fill('blurry');
      await expect(generateButton(page)).toBeEnabled();
      const shownStates = await recordShownStates(page);
      await generateButton(page).click();
      await expect(newestPrompt(page).getByRole('progressbar', { name: 'Progress of "a dancer on a rooftop at sunset"' })).toBeVisible();
      await expect(statusBadge(newestPrompt(page), 'Done')).toBeVisible({ timeout: 30_000 });
      await expect(newestPrompt(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      firstUrls = await expectImages(page, newestPrompt(page), 3, 640, 360);
      // One card for the prompt: the history holds it, and its text is on the page once.
      await expect(historyItems(page)).toHaveCount(1);
      const promptText = main(page).getByText('a dancer on a rooftop at sunset', { exact: true });
      await expect(promptText.and(main(page).locator(':not(textarea)'))).toHaveCount(1);
      await expect(generateButton(page)).toHaveText('Generate');
      await expect(generateButton(page)).toBeEnabled();

      const shown = await shownStates();
      // While the prompt was on its way, the page said so and Generate could not be pressed again.
      const inFlight = shown.filter((s) => s.status === 'submitting' || s.status === 'queued' || s.status === 'running');
      expect(inFlight.length).toBeGreaterThan(0);
      expect(inFlight.every((s) => s.generateDisabled)).toBe(true);
      expect(shown.at(-1)).toEqual({ status: 'done', progress: '100', generateDisabled: false });
      // The bar only ever moved forward.
      const percents = shown.filter((s) => s.progress !== null).map((s) => Number(s.progress));
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
    });

    await test.step('an image opens large and downloads as the same PNG', async () => {
      await newestPrompt(page).getByRole('button', { name: 'Open image 2' }).click();
      const dialog = page.getByRole('dialog', { name: 'Generated image 2, 640 × 360' });
      await expect(dialog).toContainText('Made by the mannequin engine, 640 × 360');
      const large = dialog.getByRole('img', { name: 'Generated image 2, 640 × 360' });
      await expect.poll(() => large.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(640);
      const link = dialog.getByRole('link', { name: 'Download' });
      await expect(link).toHaveAttribute('download', /^posecraft-[\w-]+-2\.png$/);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^posecraft-[\w-]+-2\.png$/);
      expect(readPngSize(fs.readFileSync((await download.path())!))).toEqual({ width: 640, height: 360 });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
    });

    await test.step('after a reload the prompt is in the history: done, its settings, pose and three images', async () => {
      await page.reload();
      await expect(historyItems(page)).toHaveCount(1);
      const item = historyItems(page).first();
      await expect(item).toContainText('a dancer on a rooftop at sunset');
      await expect(item).toContainText('640 × 360, 3 image(s)');
      await expect(statusBadge(item, 'Done')).toBeVisible();
      await expect(item.getByRole('progressbar', { name: 'Progress of "a dancer on a rooftop at sunset"' })).toHaveAttribute('aria-valuenow', '100');
      // The server's drawing of the pose, loaded from its signed file URL (96 pixels on its longer side).
      const thumbnail = item.locator('img[alt="The pose used"]');
      await expect(thumbnail).toHaveAttribute('src', /^\/files\/users\/.+\/thumbnail\.png\?expires=\d+&sig=/);
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && Math.max(img.naturalWidth, img.naturalHeight))).toBe(96);
      const urls = await expectImages(page, item, 3, 640, 360);
      // The same files, under freshly signed URLs.
      expect(urls.map((u) => new URL(u, page.url()).pathname)).toEqual(firstUrls.map((u) => new URL(u, page.url()).pathname));
    });

    await test.step('"Use again" restores the prompt, the settings and the pose', async () => {
      await chooseSettings(page, '1:1', 'Small 400 × 400', 1);
      await promptBox(page).fill('something else entirely');
      await main(page).getByRole('textbox', { name: 'Negative prompt' }).fill('');
      await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
      await tool(page, 'Add person').click();
      expect((await exportJson(page)).people).toHaveLength(3);
      await goToGenerate(page);

      await historyItems(page).first().getByRole('button', { name: 'Use again' }).click();
      await expect(promptBox(page)).toHaveValue('a dancer on a rooftop at sunset');
      await expect(main(page).getByRole('textbox', { name: 'Negative prompt' })).toHaveValue('blurry');
      await expect(main(page).getByText('3 image(s) at 640 × 360')).toBeVisible();
      await expect(panel(page).getByRole('group', { name: 'Aspect ratio' }).getByRole('button', { name: '16:9', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(panel(page).getByRole('button', { name: 'Medium 640 × 360' })).toHaveAttribute('aria-pressed', 'true');
      await expect(panel(page).getByRole('radio', { name: '3', exact: true })).toHaveAttribute('aria-checked', 'true');
      await openEditor(page);
      expect(await exportJson(page)).toEqual(pose);
    });

    await test.step('the restored prompt, edited, generates again and its entry comes first', async () => {
      await goToGenerate(page);
      await promptBox(page).fill('a dancer on a rooftop at dawn');
      await generateButton(page).click();
      await expect(statusBadge(newestPrompt(page), 'Done')).toBeVisible({ timeout: 30_000 });
      await expectImages(page, newestPrompt(page), 3, 640, 360);
      await expect(historyItems(page)).toHaveCount(2);
      await expect(historyItems(page).nth(0)).toContainText('a dancer on a rooftop at dawn');
      await expect(historyItems(page).nth(1)).toContainText('a dancer on a rooftop at sunset');
    });
  });

  test('Stop on a prompt waiting in the queue shows it stopped', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const user = await createTestUser('stopper');
    await page.goto('/login');
    await signInInWidget(page, user.email, user.password);
    await expect(page).toHaveURL(/\/pose$/);
    await makePose(page);
    // Two people, four 1000 x 1000 images: a long prompt (over SHORT_JOB_COST), so the lane for short jobs leaves it
    // to the worker the other users' prompts hold.
    await chooseSettings(page, '1:1', 'Large', 4);
    await promptBox(page).fill('a prompt that waits its turn');

    // Another user's heavy prompts hold the single worker, so ours waits behind them.
    const busy = await fillQueue(baseURL!, 3);
    try {
      await generateButton(page).click();
      await expect(statusBadge(newestPrompt(page), 'Queued')).toBeVisible();
      // The server has it waiting behind the other user's prompts, as the history tells.
      const item = historyItems(page).filter({ hasText: 'a prompt that waits its turn' });
      await expect(statusBadge(item, 'Queued')).toBeVisible();
      await expect(item.getByText(/^Position in the queue: [2-4]$/)).toBeVisible();
      await newestPrompt(page).getByRole('button', { name: 'Stop' }).click();
      await expect(statusBadge(newestPrompt(page), 'Stopped')).toBeVisible();
      await expect(newestPrompt(page).getByRole('button', { name: 'Stop' })).toHaveCount(0);
      await expect(newestPrompt(page).getByRole('img', { name: /^(Generated image|Preview)/ })).toHaveCount(0);
      // One card: the page's prompt is the history's.
      await expect(historyItems(page)).toHaveCount(1);
      await expect(generateButton(page)).toBeEnabled();
      await expect(statusBadge(item, 'Stopped')).toBeVisible();
    } finally {
      await busy.release();
    }
    // Stopped for good: still stopped after a reload, with no images.
    await page.reload();
    await expect(historyItems(page)).toHaveCount(1);
    await expect(statusBadge(historyItems(page).first(), 'Stopped')).toBeVisible();
    await expect(
      historyItems(page)
        .first()
        .getByRole('img', { name: /^Generated image/ }),
    ).toHaveCount(0);
  });

  test('the history shows five prompts a page, newest first, and pages back to older ones', async ({ page, baseURL }) => {
    const user = await createTestUser('pager');
    // Six prompts sent earlier (from another tab or client): tiny ones, so the worker is quick with them.
    const request = { width: 64, height: 96, gNumber: 1, pose: toOpenPoseJson(createDefaultPoseDocument()) };
    for (let n = 1; n <= 6; n++) await queuePrompt(baseURL!, user.idToken, { ...request, prompt: `prompt number ${n}` });
    await page.goto('/login');
    await signInInWidget(page, user.email, user.password);
    await expect(page).toHaveURL(/\/pose$/);

    const pager = main(page).getByRole('navigation', { name: 'History pages' });
    await expect(pager).toContainText('Page 1 of 2');
    await expect(historyItems(page)).toHaveCount(5);
    for (let i = 0; i < 5; i++) await expect(historyItems(page).nth(i)).toContainText(`prompt number ${6 - i}`);
    await expect(pager.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await pager.getByRole('button', { name: 'Older' }).click();
    await expect(pager).toContainText('Page 2 of 2');
    await expect(historyItems(page)).toHaveCount(1);
    await expect(historyItems(page).first()).toContainText('prompt number 1');
    await expect(pager.getByRole('button', { name: 'Older' })).toBeDisabled();
    await pager.getByRole('button', { name: 'Newer' }).click();
    await expect(historyItems(page).first()).toContainText('prompt number 6');
  });

  test('signed out: Generate waits for a non-empty pose; pressing it warns "Please log in first", the 401 sends the browser to /login', async ({ page }) => {
    await page.clock.install();
    await page.goto('/pose');
    await expect(history(page).getByText('Sign in to see your history.')).toBeVisible();
    await promptBox(page).fill('a pose nobody signed in for');
    // The built-in pose stands in until the user makes one.
    await expect(main(page).getByText('Make a pose first: the canvas is empty.')).toHaveCount(0);
    await expect(generateButton(page)).toBeEnabled();

    // A pose whose only person was deleted is empty: nothing to generate from.
    await openEditor(page);
    const thigh = { x: (DEFAULT_BODY[8]![0] + DEFAULT_BODY[9]![0]) / 2, y: (DEFAULT_BODY[8]![1] + DEFAULT_BODY[9]![1]) / 2 };
    const at = await toPage(page, thigh);
    await page.mouse.click(at.x, at.y);
    await tool(page, 'Delete').click();
    await expect(page.getByText('The canvas is empty.')).toBeVisible();
    await goToGenerate(page);
    await expect(main(page).getByText('Make a pose first: the canvas is empty.')).toBeVisible();
    await expect(generateButton(page)).toBeDisabled();

    await makePose(page);
    await expect(generateButton(page)).toBeEnabled();
    // Time stands still from here, so every message can be read before the 2 s follow-up moves the browser on.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    const sent = page.waitForRequest((r) => r.url().endsWith('/v1/query_prompt') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().endsWith('/v1/query_prompt'));
    await generateButton(page).click();
    await expect(page.getByRole('status').filter({ hasText: 'Please log in first' })).toBeVisible();
    // The request still goes out, without a token, and the server refuses it.
    expect((await sent).headers().authorization).toBeUndefined();
    expect((await answered).status()).toBe(401);
    // The error notification (outside the page's own content) says why ...
    await expect(page.getByRole('alert').filter({ hasText: '40101: Sign in first' }).and(page.locator('[data-type="error"]'))).toBeVisible();
    // ... and the page keeps the server's reason next to the failed prompt.
    await expect(statusBadge(newestPrompt(page), 'Failed')).toBeVisible();
    await expect(newestPrompt(page).getByRole('alert')).toHaveText('40101: Sign in first: the request has no bearer token');
    await expect(page).toHaveURL(/\/pose$/);
    await page.clock.runFor(2000);
    await expect(page).toHaveURL(/\/login$/);
    await page.clock.resume();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });
});
