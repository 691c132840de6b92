import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { createTestUser } from '../support/emulator';
import { chooseSettings, newestPrompt, expectImages, generateButton, historyItems, main, makePose, promptBox, statusBadge } from './generate.helpers';
import { signInInWidget } from './support/widget';

// Progress pushed over WS /ws_events (mannequin engine, one worker, the Auth Emulator).

const generatePage = (page: Page) => page.locator('.generate-page');
const fallbackLine = (page: Page) => main(page).getByText('Live updates are off: checking for progress every few seconds instead.');

/** Counts the page's history requests from now on. */
function countHistoryRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/history') count++;
  });
  return () => count;
}

async function signedInWithPose(page: Page, name: string): Promise<void> {
  const user = await createTestUser(name);
  await page.goto('/login');
  await signInInWidget(page, user.email, user.password);
  await expect(page).toHaveURL(/\/pose$/);
  await makePose(page);
}

test.describe('generation with live events', () => {
  test('progress and images arrive over the event connection, with no history request between submit and done', async ({ page }) => {
    test.setTimeout(90_000);
    await signedInWithPose(page, 'live');
    await chooseSettings(page, '16:9', 'Medium 640 × 360', 2);
    await expect(generatePage(page)).toHaveAttribute('data-events', 'up');
    await expect(fallbackLine(page)).toHaveCount(0);
    await promptBox(page).fill('a juggler in the park');

    const historyRequests = countHistoryRequests(page);
    await generateButton(page).click();
    await expect(newestPrompt(page).getByRole('progressbar', { name: 'Progress of "a juggler in the park"' })).toBeVisible();
    await expect(statusBadge(newestPrompt(page), 'Done')).toBeVisible({ timeout: 30_000 });
    await expect(newestPrompt(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expectImages(page, newestPrompt(page), 2, 640, 360);
    // The history heard of it too: one card, the history's own (with its actions), done, with its images.
    await expect(historyItems(page)).toHaveCount(1);
    await expect(newestPrompt(page).getByRole('button', { name: 'Use again' })).toBeVisible();
    await expect(newestPrompt(page).getByRole('button', { name: /^Open image/ })).toHaveCount(2);
    expect(historyRequests()).toBe(0);
  });

  test('with the event connection killed the page says it polls, and the prompt still finishes on screen', async ({ page }) => {
    test.setTimeout(90_000);
    const sockets: WebSocketRoute[] = [];
    let refuse = false;
    await page.routeWebSocket(/\/ws_events/, (ws) => {
      if (refuse) return void ws.close({ code: 1011, reason: 'killed by the test' });
      sockets.push(ws);
      ws.connectToServer();
    });
    await signedInWithPose(page, 'cut');
    await expect(generatePage(page)).toHaveAttribute('data-events', 'up');
    await expect(fallbackLine(page)).toHaveCount(0);

    // Killed: this connection and every one the page tries after it.
    refuse = true;
    for (const ws of sockets) await ws.close({ code: 1011, reason: 'killed by the test' });
    await expect(generatePage(page)).toHaveAttribute('data-events', 'down');
    await expect(fallbackLine(page)).toBeVisible();

    const historyRequests = countHistoryRequests(page);
    await chooseSettings(page, '1:1', 'Small 400 × 400', 1);
    await promptBox(page).fill('a prompt followed by polling');
    await generateButton(page).click();
    await expect(statusBadge(newestPrompt(page), 'Done')).toBeVisible({ timeout: 30_000 });
    await expectImages(page, newestPrompt(page), 1, 400, 400);
    await expect(statusBadge(historyItems(page).filter({ hasText: 'a prompt followed by polling' }), 'Done')).toBeVisible();
    expect(historyRequests()).toBeGreaterThan(0);
    await expect(fallbackLine(page)).toBeVisible();
  });
});

test.describe('seeds', () => {
  test('a fixed seed is shown on its prompt; "Vary" makes new images with a new seed; "Reuse this seed" puts it back in the form', async ({ page }) => {
    test.setTimeout(90_000);
    await signedInWithPose(page, 'seeds');
    await chooseSettings(page, '1:1', 'Small 400 × 400', 1);
    const seedBox = main(page).getByRole('spinbutton', { name: 'Seed' });
    await expect(seedBox).toHaveAttribute('placeholder', 'Random');
    await promptBox(page).fill('a seeded pose');
    await seedBox.fill('4242');
    await generateButton(page).click();
    await expect(statusBadge(newestPrompt(page), 'Done')).toBeVisible({ timeout: 30_000 });
    const first = historyItems(page).first();
    await expect(first).toContainText('Seed 4242');
    await expect(statusBadge(first, 'Done')).toBeVisible();
    const [seededUrl] = await expectImages(page, first, 1, 400, 400);

    await first.getByRole('button', { name: 'Vary' }).click();
    await expect(historyItems(page)).toHaveCount(2);
    const varied = historyItems(page).first();
    await expect(statusBadge(varied, 'Done')).toBeVisible({ timeout: 30_000 });
    await expect(varied).toContainText('a seeded pose');
    await expect(varied).toContainText(/Seed \d+/);
    await expect(varied).not.toContainText('Seed 4242');
    const [variedUrl] = await expectImages(page, varied, 1, 400, 400);
    const bytes = async (url: string) => (await page.request.get(new URL(url, page.url()).toString())).body();
    expect((await bytes(variedUrl!)).equals(await bytes(seededUrl!))).toBe(false);

    await seedBox.fill('');
    await historyItems(page).nth(1).getByRole('button', { name: 'Reuse this seed' }).click();
    await expect(seedBox).toHaveValue('4242');
  });
});
