import path from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { DEFAULT_BODY, dragBy, exportJson, openEditor } from './editor.helpers';
import { newestPrompt as current } from './generate.helpers';
import { uniqueEmail } from './support/widget';

// What the user sees when the network or the server fails: each fault leaves a message, a page
// that still works, and the pose they made exactly as it was.

const ankle = { x: DEFAULT_BODY[10]![0], y: DEFAULT_BODY[10]![1] };
const notification = (page: Page) => page.locator('.notification');
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate', exact: true });

/** Signs in a fresh user (through the emulator's Google path) on the editor, makes an edit, and returns the pose. */
async function signInWithEditedPose(page: Page) {
  await openEditor(page);
  await page.waitForFunction(() => window.__posecraftAuthTest !== undefined);
  const email = uniqueEmail('faults');
  await page.evaluate((account) => window.__posecraftAuthTest!.signInWithGoogle(account), { sub: `google-${email}`, email, name: 'Fault Tester' });
  await expect(page.getByRole('button', { name: 'Account of Fault Tester' })).toBeVisible();
  await dragBy(page, ankle, -60, -50);
  return exportJson(page);
}

/** Writes a prompt on the Generate page and presses Generate. */
async function generate(page: Page, prompt: string) {
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(prompt);
  await generateButton(page).click();
}

/** The page is still usable: the prompt is kept, Generate works again once the fault is gone, and the pose is intact. */
async function recovers(page: Page, pose: unknown, prompt: string) {
  await expect(page.getByRole('textbox', { name: 'Prompt', exact: true })).toHaveValue(prompt);
  await expect(generateButton(page)).toBeEnabled();
  await page.unrouteAll({ behavior: 'wait' });
  await generateButton(page).click();
  await expect(current(page)).toHaveAttribute('data-status', /queued|running|done/);
  await openEditor(page);
  expect(await exportJson(page)).toEqual(pose);
}

const faults: Array<[string, (route: Route) => Promise<void>, RegExp]> = [
  ['a lost network', (route) => route.abort('internetdisconnected'), /^ERR_NETWORK: Network Error/],
  [
    'a 500',
    (route) => route.fulfill({ status: 500, json: { code: 500, response_metadata: { error: { code_n: 50001, description: 'Internal server error' } } } }),
    /^50001: Internal server error/,
  ],
  [
    'a 502 without the envelope (from a proxy in front)',
    (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    /^ERR_BAD_RESPONSE: Bad Gateway/,
  ],
  ['a timeout', (route) => route.abort('timedout'), /^ECONNABORTED: timeout of 300000ms exceeded/],
];

test.describe('faults while generating', () => {
  for (const [name, fault, message] of faults) {
    test(`${name} on submit shows a message and leaves the page and the pose as they were`, async ({ page }) => {
      const pose = await signInWithEditedPose(page);
      await page.goto('/pose');
      await page.route('**/v1/query_prompt', fault);
      await generate(page, `after ${name}`);
      await expect(notification(page).filter({ hasText: message })).toBeVisible();
      await expect(current(page)).toHaveAttribute('data-status', 'failed');
      await expect(current(page).getByRole('alert')).toContainText(/\S/);
      await recovers(page, pose, `after ${name}`);
    });
  }

  test('a network lost while following a prompt is retried, and the prompt is followed to its end', async ({ page }) => {
    // Polling is the fallback of the event connection: with the connection refused, the page polls.
    await page.routeWebSocket(/\/ws_events/, (ws) => void ws.close({ code: 1011, reason: 'refused by the test' }));
    await signInWithEditedPose(page);
    await page.goto('/pose');
    let failures = 0;
    // The first two polls of this prompt fail as a dropped connection would; the client retries them.
    await page.route(/\/v1\/history\?.*prompt_id=/, (route) => (failures++ < 2 ? route.abort('internetdisconnected') : route.fallback()));
    await generate(page, 'through a flaky network');
    await expect(current(page)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    expect(failures).toBeGreaterThanOrEqual(2);
  });

  test('a history that never answers leaves the page usable', async ({ page }) => {
    const pose = await signInWithEditedPose(page);
    // The list of past prompts hangs; the rest of the page does not wait for it.
    await page.route(/\/v1\/history\?(?!.*prompt_id=)/, () => {});
    await page.goto('/pose');
    await generate(page, 'while the history hangs');
    await expect(current(page)).toHaveAttribute('data-status', /queued|running|done/);
    await openEditor(page);
    expect(await exportJson(page)).toEqual(pose);
  });
});

test.describe('faults while estimating a photo', () => {
  test('a socket closed by the server shows why, offers to try again, and keeps the pose', async ({ page }) => {
    const pose = await signInWithEditedPose(page);
    await page.routeWebSocket(/\/ws_estimator/, (ws) => ws.close({ code: 1011, reason: 'server restarting' }));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'choose a photo' }).click()]);
    await chooser.setFiles(path.resolve('tests/fixtures/estimator/astronaut.jpg'));
    const photo = page.getByRole('region', { name: 'Pose from a photo' });
    await expect(photo.getByRole('alert')).toContainText('The estimate failed: 1011: server restarting');
    await expect(photo.getByRole('button', { name: 'choose a photo' })).toBeEnabled();
    expect(await exportJson(page)).toEqual(pose);
    await page.reload();
    expect(await exportJson(page)).toEqual(pose);
  });

  test('after a closed socket, Try again reaches the estimator and brings the person in', async ({ page }) => {
    test.setTimeout(120_000);
    await signInWithEditedPose(page);
    let closes = 0;
    await page.routeWebSocket(/\/ws_estimator/, (ws) => (closes++ === 0 ? ws.close({ code: 1011, reason: 'server restarting' }) : ws.connectToServer()));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'choose a photo' }).click()]);
    await chooser.setFiles(path.resolve('tests/fixtures/estimator/astronaut.jpg'));
    const photo = page.getByRole('region', { name: 'Pose from a photo' });
    await photo.getByRole('button', { name: 'Try again' }).click();
    await expect(photo.getByRole('status')).toHaveText('People found: 1', { timeout: 90_000 });
  });
});
