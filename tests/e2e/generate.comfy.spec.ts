import { expect, test, type Page } from '@playwright/test';
import { createTestUser } from '../support/emulator';
import { newestPrompt, generateButton, main, makePose, promptBox, statusBadge } from './generate.helpers';
import { startComfyApp, type ComfyApp } from './support/comfyApp';
import { signInInWidget } from './support/widget';

// The app with ENGINE=comfyui against the ComfyUI test server (it sends a preview frame per
// sampling step, as ComfyUI does when the prompt asks for previews), signed in with the Auth Emulator.

let app: ComfyApp;

test.beforeAll(async () => {
  // A second server starting (TypeScript compiled on the fly) beside the run's own one.
  test.setTimeout(120_000);
  app = await startComfyApp();
  // Slow enough sampling that previews come before the images.
  app.gpu.steps = 10;
  app.gpu.stepMs = 300;
});
test.afterAll(async () => app?.stop());

const picker = (page: Page) => main(page).getByRole('group', { name: 'Workflow' });

/** Notes, from now on, how many generated images the current prompt showed when its first preview appeared. */
async function watchFirstPreview(page: Page): Promise<() => Promise<number | null>> {
  await page.evaluate(() => {
    const seen = { imagesAtFirstPreview: null as number | null };
    (window as unknown as { __preview: typeof seen }).__preview = seen;
    const look = () => {
      const section = document.querySelector('main article[data-status]');
      if (seen.imagesAtFirstPreview !== null || !section?.querySelector('img.prompt-preview')) return;
      seen.imagesAtFirstPreview = section.querySelectorAll('img[alt^="Generated image"]').length;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { __preview: { imagesAtFirstPreview: number | null } }).__preview.imagesAtFirstPreview);
}

test('a ComfyUI prompt shows its preview in the running card before its images, with the workflow and steps chosen', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createTestUser('comfy-preview');
  await page.goto(`${app.base}/login`);
  await signInInWidget(page, user.email, user.password);
  await expect(page).toHaveURL(/\/pose$/);
  await makePose(page);

  // The profiles, as the server checked them: SD1.5 chosen; SDXL disabled, saying why.
  await expect(picker(page).getByRole('radio', { name: 'SD1.5 + ControlNet OpenPose' })).toBeChecked();
  const sdxl = picker(page).getByRole('radio', { name: 'SDXL + xinsir OpenPose' });
  await expect(sdxl).toBeDisabled();
  await expect(sdxl).toHaveAccessibleDescription('Unavailable: The ComfyUI server has no SDXL checkpoint (a name with "xl") in models/checkpoints.');
  await expect(picker(page).getByText('Unavailable: The ComfyUI server has no SDXL checkpoint', { exact: false })).toBeVisible();
  const steps = main(page).getByRole('spinbutton', { name: 'Steps' });
  await expect(steps).toHaveValue('20');
  await expect(main(page).getByRole('spinbutton', { name: 'ControlNet strength' })).toHaveValue('1');
  await steps.fill('12');

  await promptBox(page).fill('a dancer, previewed');
  const imagesAtFirstPreview = await watchFirstPreview(page);
  await generateButton(page).click();
  const preview = newestPrompt(page).getByRole('img', { name: 'Preview of the images as they form' });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(statusBadge(newestPrompt(page), 'Done')).toBeVisible({ timeout: 30_000 });
  await expect(newestPrompt(page).getByRole('img', { name: /^Generated image 1, 400 × 600$/ })).toBeVisible();
  await expect(preview).toHaveCount(0);
  expect(await imagesAtFirstPreview()).toBe(0);
  // ComfyUI got the steps asked for, and was asked for previews.
  const sent = app.gpu.prompts.at(-1)!;
  expect(sent.workflow['8'].inputs.steps).toBe(12);
  expect(sent.extraData.preview_method).toBe('auto');
});
