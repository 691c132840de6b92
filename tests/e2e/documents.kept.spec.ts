import { expect, test, type Page } from '@playwright/test';
import { createTestUser } from '../support/emulator';
import { DEFAULT_BODY, exportJson, importFrameList, openEditor, stage, toPage, tool } from './editor.helpers';
import { generateButton, goToGenerate, historyItems, main, promptBox, statusBadge } from './generate.helpers';
import { signInInWidget } from './support/widget';

// Actions that replace figures change what they say they change, and say it with Undo.

const people = (page: Page) => page.getByRole('region', { name: 'People and animals' });
const library = (page: Page) => page.getByRole('dialog', { name: 'Pose library' });
const notice = (page: Page, text: RegExp) => page.locator('.notifications').getByRole('status').filter({ hasText: text });

test('a library body pose keeps the person: their name, turn and own prompt stay, and one undo takes it back', async ({ page }) => {
  await openEditor(page);
  // The person's own prompt, then their name and turn.
  await goToGenerate(page);
  await main(page).getByText('Prompts per person').click();
  await main(page).getByRole('textbox', { name: 'Prompt for Person 1' }).fill('a guest in a red coat');
  await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
  await expect(stage(page)).toHaveAttribute('data-view', /\d/);
  const name = people(page).getByRole('textbox', { name: 'Name of Person 1' });
  await name.fill('Guest');
  await name.press('Enter');
  // A click on the middle of the right thigh selects the person.
  const thigh = await toPage(page, { x: (DEFAULT_BODY[8]![0] + DEFAULT_BODY[9]![0]) / 2, y: (DEFAULT_BODY[8]![1] + DEFAULT_BODY[9]![1]) / 2 });
  await page.mouse.click(thigh.x, thigh.y);
  await expect(page.getByText('1 selected')).toBeVisible();
  const yaw = page.getByRole('group', { name: 'Turn' }).getByRole('textbox', { name: 'Yaw°' });
  await yaw.fill('45');
  await yaw.press('Enter');
  const turned = await exportJson(page);

  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await library(page).getByRole('tab', { name: 'Body poses' }).click();
  await library(page).getByRole('button', { name: 'Apply "Waving"' }).click();
  await library(page).getByRole('button', { name: 'Close the library' }).click();
  await expect(people(page).getByRole('textbox', { name: 'Name of Guest' })).toHaveValue('Guest');
  await expect(page.getByRole('group', { name: 'Turn' }).getByRole('textbox', { name: 'Yaw°' })).toHaveValue('45');
  // One undo step takes it back.
  await tool(page, 'Undo').click();
  expect((await exportJson(page)).people[0]!.pose_keypoints_2d).toEqual(turned.people[0]!.pose_keypoints_2d);

  await tool(page, 'Redo').click();
  const waving = await exportJson(page);
  expect(waving.people).toHaveLength(1);
  expect(waving.people[0]!.pose_keypoints_2d).not.toEqual(turned.people[0]!.pose_keypoints_2d);
  expect(waving.posecraft_figures?.people[0]).toMatchObject({ name: 'Guest', turn: { yaw: 45, pitch: 0 } });

  await goToGenerate(page);
  await expect(main(page).getByRole('textbox', { name: 'Prompt for Guest' })).toHaveValue('a guest in a red coat');
});

test('use again on an image prompt puts its pose on the frame shown, keeping the timeline and its keys', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createTestUser('use-again-timeline');
  await page.goto('/login');
  await signInInWidget(page, user.email, user.password);
  await expect(page).toHaveURL(/\/pose$/);
  await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
  await importFrameList(page, 5, 8);
  await goToGenerate(page);
  const option = main(page).getByRole('checkbox', { name: /A video of the timeline instead of images/ });
  await expect(option).toHaveAccessibleName('A video of the timeline instead of images (5 frames at 16 fps)');

  // An image of the frame shown, then Use again on it.
  await promptBox(page).fill('a dancer standing still');
  await generateButton(page).click();
  const card = historyItems(page).filter({ hasText: 'a dancer standing still' });
  await expect(statusBadge(card, 'Done')).toBeVisible({ timeout: 60_000 });
  await card.getByRole('button', { name: 'Use again' }).click();
  await expect(option).toHaveAccessibleName('A video of the timeline instead of images (5 frames at 16 fps)');
  await expect(notice(page, /is on frame 0: 1 figure\(s\) posed, 0 added/)).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), exportPoseKeypoint(page)]);
  const frames = JSON.parse(await streamText(await download.createReadStream())) as Array<{ people: Array<{ pose_keypoints_2d: number[] }> }>;
  expect(frames).toHaveLength(5);
  // The frames still step 8 px right each: the keys at the other frames are kept.
  const neckX = frames.map((f) => f.people[0]!.pose_keypoints_2d[3]!);
  neckX.slice(1).forEach((x, i) => expect(x - neckX[i]!).toBeCloseTo(8, 3));
});

/** Exports the POSE_KEYPOINT list of every frame by its shortcut (the format is kept off the toolbar). */
async function exportPoseKeypoint(page: Page): Promise<void> {
  await expect(stage(page)).toHaveAttribute('data-view', /\d/);
  await stage(page).focus();
  await page.keyboard.press('Control+Alt+Shift+S');
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

test('use again that replaces several people says so with an Undo that brings them back', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createTestUser('use-again-undo');
  await page.goto('/login');
  await signInInWidget(page, user.email, user.password);
  await expect(page).toHaveURL(/\/pose$/);
  await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
  await tool(page, 'Add person').click();
  await goToGenerate(page);
  await generatePrompt(page, 'two people waiting');
  const card = historyItems(page).filter({ hasText: 'two people waiting' });
  await expect(statusBadge(card, 'Done')).toBeVisible({ timeout: 60_000 });

  // The pose changes after the prompt: a third person. Use again replaces both people and drops the third.
  await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
  await tool(page, 'Add person').click();
  const three = await exportJson(page);
  expect(three.people).toHaveLength(3);
  await goToGenerate(page);
  await card.getByRole('button', { name: 'Use again' }).click();
  const used = notice(page, /is back in place; it replaced 3 figure\(s\)/);
  await used.getByRole('button', { name: 'Undo' }).click();
  await expect(used).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
  expect(await exportJson(page)).toEqual(three);
});

/** Writes a prompt and presses Generate. */
async function generatePrompt(page: Page, text: string): Promise<void> {
  await promptBox(page).fill(text);
  await generateButton(page).click();
}
