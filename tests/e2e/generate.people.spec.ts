import { expect, test } from '@playwright/test';
import { createTestUser } from '../support/emulator';
import { readPngTexts } from '../support/pngInfo';
import { tool } from './editor.helpers';
import { generateButton, goToGenerate, historyItems, main, newestPrompt, promptBox, statusBadge } from './generate.helpers';
import { signInInWidget } from './support/widget';

// A prompt per person on the Generate page (mannequin engine, which marks each person's prompt in
// its images' metadata), through to the history.

test('each person of a two-person pose gets a prompt of their own; the card lists both and the images carry them', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createTestUser('people');
  await page.goto('/login');
  await signInInWidget(page, user.email, user.password);
  await expect(page).toHaveURL(/\/pose$/);
  await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
  await tool(page, 'Add person').click();
  await goToGenerate(page);

  await promptBox(page).fill('two people in a courtyard');
  await main(page).getByText('Prompts per person').click();
  // One optional field per person, named as the people list names them.
  const first = main(page).getByRole('textbox', { name: 'Prompt for Person 1' });
  const second = main(page).getByRole('textbox', { name: 'Prompt for Person 2' });
  await first.fill('a knight in silver armour');
  await second.fill('a wizard in a blue robe');
  await expect(main(page).getByRole('textbox', { name: 'Prompt for Person 3' })).toHaveCount(0);
  // Where each prompt applies is drawn beside the fields: both people's regions are tinted, in the colours of the key.
  const regions = main(page)
    .getByRole('figure')
    .filter({ has: page.getByRole('img', { name: "Where each person's prompt applies in the image" }) });
  await expect(regions.locator('figcaption')).toHaveText('Person 1Person 2');
  const tinted = await regions.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    // The black background around each person, tinted: Person 1's yellow (255, 196, 0) and Person 2's blue (0, 200, 255) at 45 %.
    const tints = { yellow: [115, 88, 0], blue: [0, 90, 115] };
    const found = { yellow: { count: 0, sumX: 0 }, blue: { count: 0, sumX: 0 } };
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        for (const [name, tint] of Object.entries(tints) as Array<[keyof typeof tints, number[]]>)
          if (tint.every((v, c) => data[i + c] === v)) {
            found[name].count++;
            found[name].sumX += x / width;
          }
      }
    return { width, yellow: found.yellow, blue: found.blue };
  });
  // Each region is around its own person: both tinted, their middles apart.
  expect(tinted.yellow.count).toBeGreaterThan(300);
  expect(tinted.blue.count).toBeGreaterThan(300);
  expect(Math.abs(tinted.yellow.sumX / tinted.yellow.count - tinted.blue.sumX / tinted.blue.count)).toBeGreaterThan(0.1);
  await generateButton(page).click();

  const card = newestPrompt(page);
  await expect(statusBadge(card, 'Done')).toBeVisible({ timeout: 30_000 });
  const listed = card.getByRole('list', { name: 'Prompts per person' }).getByRole('listitem');
  await expect(listed).toHaveText(['Person 1: a knight in silver armour', 'Person 2: a wizard in a blue robe']);
  // The engine was handed each person's prompt with their place in the pose.
  const image = card.getByRole('img', { name: /^Generated image 1/ });
  const png = await (await page.request.get((await image.getAttribute('src'))!)).body();
  expect(JSON.parse(readPngTexts(png)['posecraft:person_prompts']!)).toEqual([
    { person: 0, prompt: 'a knight in silver armour' },
    { person: 1, prompt: 'a wizard in a blue robe' },
  ]);

  // Kept with the prompt: after a reload the history still lists both, and the fields keep their text.
  await page.reload();
  await expect(historyItems(page)).toHaveCount(1);
  await expect(historyItems(page).first().getByRole('list', { name: 'Prompts per person' }).getByRole('listitem')).toHaveText([
    'Person 1: a knight in silver armour',
    'Person 2: a wizard in a blue robe',
  ]);
  await expect(main(page).getByRole('textbox', { name: 'Prompt for Person 2' })).toHaveValue('a wizard in a blue robe');
});
