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
