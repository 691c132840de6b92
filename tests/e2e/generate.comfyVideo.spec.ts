import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createTestUser, type TestUser } from '../support/emulator';
import { importFrameList, stage } from './editor.helpers';
import { generateButton, goToGenerate, historyItems, main, promptBox, statusBadge } from './generate.helpers';
import { startComfyApp, type ComfyApp } from './support/comfyApp';
import { signInInWidget } from './support/widget';

// A timeline sent to a ComfyUI server (the test server) that has Wan 2.2 Fun Control's nodes and models:
// the Generate page offers the video through that profile, keeps it out of the image profiles, and plays the result.

let app: ComfyApp;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The server reads the test server's models again every half second, so the folders set below are seen.
  // The custom workflows are the documented example pair (a video workflow declared by its sidecar).
  app = await startComfyApp({ COMFYUI_MODELS_REFRESH_S: '0.5', COMFYUI_WORKFLOWS_DIR: path.resolve('docs/examples') });
  Object.assign(app.gpu.folders, {
    diffusion_models: ['wan2.2_fun_control_high_noise_14B_fp8_scaled.safetensors', 'wan2.2_fun_control_low_noise_14B_fp8_scaled.safetensors'],
    text_encoders: ['umt5_xxl_fp8_e4m3fn_scaled.safetensors'],
    vae: ['wan_2.1_vae.safetensors'],
  });
});
test.afterAll(async () => app?.stop());

/** Signs the user in, opens a five-frame timeline in the editor and comes back to the Generate page. */
async function timelineOnGenerate(page: Page, user: TestUser): Promise<void> {
  await page.goto(`${app.base}/login`);
  await signInInWidget(page, user.email, user.password);
  // Signed in and sent on to the Generate page before leaving it (else that redirect may undo the next click).
  await expect(page).toHaveURL(/\/pose$/);
  await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
  // The editor is ready (its view fitted) before its Import JSON button is pressed.
  await expect(stage(page)).toHaveAttribute('data-view', /\d/);
  await importFrameList(page, 5, 8);
  await goToGenerate(page);
}

test('a five-frame timeline goes to the Wan video profile and its video plays in the card', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createTestUser('comfy-video');
  // The server has seen the models (it reads them again on a request after its refresh time).
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${app.base}/v1/workflows`, { headers: { authorization: `Bearer ${user.idToken}` } });
      return JSON.stringify(await answer.json());
    })
    .toContain('wan-fun-control');
  await timelineOnGenerate(page, user);

  // The video profile makes no images: it is not among the image workflows.
  const picker = main(page).getByRole('group', { name: 'Workflow' });
  await expect(picker.getByRole('radio').first()).toBeVisible({ timeout: 30_000 });
  await expect(picker.getByText('Wan 2.2 Fun Control A14B (video)')).toHaveCount(0);
  const option = main(page).getByRole('checkbox', {
    name: 'A video of the timeline instead of images (5 frames at 16 fps) · Wan 2.2 Fun Control A14B (video)',
  });
  await option.check();
  // Before generating, the page says the length Wan makes (4k+1), its rate and the size (steps of 16), and how the timeline is fitted.
  const plan = main(page).getByTestId('video-plan');
  await expect(plan).toContainText('5 frames: 4k+1 · at 16 fps · used as it is');
  await expect(plan).toContainText(': steps of 16');
  await expect(plan.getByRole('combobox', { name: 'A timeline of another length is' })).toHaveValue('extend');
  await plan.screenshot({ path: test.info().outputPath('video-plan.png') });
  await promptBox(page).fill('a dancer stepping right');
  await generateButton(page).click();
  const card = historyItems(page).filter({ hasText: 'a dancer stepping right' });
  await expect(statusBadge(card, 'Done')).toBeVisible({ timeout: 60_000 });
  const player = card.locator('video');
  await expect(player).toBeVisible();
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.duration)).toBeGreaterThan(0);
  // What ComfyUI was sent: the Wan graph, with the five poses as its control video.
  const sent = app.gpu.prompts.at(-1)!;
  const classes = Object.values(sent.workflow as Record<string, { class_type: string }>).map((node) => node.class_type);
  expect(classes).toContain('Wan22FunControlToVideo');
  const toVideo = Object.values(sent.workflow as Record<string, { class_type: string; inputs: Record<string, unknown> }>).find(
    (n) => n.class_type === 'Wan22FunControlToVideo',
  );
  expect(toVideo?.inputs.length).toBe(5);
  expect(classes.filter((c) => c === 'LoadImage').length).toBeGreaterThanOrEqual(5);
});

test('a custom video workflow is offered beside Wan for the timeline, never among the image workflows, and makes the video', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createTestUser('comfy-custom-video');
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${app.base}/v1/workflows`, { headers: { authorization: `Bearer ${user.idToken}` } });
      const { data } = (await answer.json()) as { data: { workflows: Array<{ id: string; available: boolean }> } };
      return data.workflows.filter((w) => w.available).map((w) => w.id);
    })
    .toEqual(expect.arrayContaining(['wan-fun-control', 'custom:wan-control-vhs']));
  await timelineOnGenerate(page, user);

  const picker = main(page).getByRole('group', { name: 'Workflow' });
  await expect(picker.getByRole('radio').first()).toBeVisible({ timeout: 30_000 });
  await expect(picker.getByText('Wan Fun Control, one expert (VHS)')).toHaveCount(0);
  const chooser = main(page).getByRole('combobox', { name: 'Video workflow' });
  await expect(chooser.getByRole('option')).toHaveText(['Wan 2.2 Fun Control A14B (video)', 'Wan Fun Control, one expert (VHS)']);
  await chooser.selectOption({ label: 'Wan Fun Control, one expert (VHS)' });
  const option = main(page).getByRole('checkbox', {
    name: 'A video of the timeline instead of images (5 frames at 16 fps) · Wan Fun Control, one expert (VHS)',
  });
  await option.check();
  await promptBox(page).fill('a dancer in the custom workflow');
  await generateButton(page).click();
  const card = historyItems(page).filter({ hasText: 'a dancer in the custom workflow' });
  await expect(statusBadge(card, 'Done')).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => card.locator('video').evaluate((video: HTMLVideoElement) => video.duration)).toBeGreaterThan(0);
  // ComfyUI was sent the example workflow: its five poses batched into the control input, the video saved by Video Combine at 16 fps.
  const sent = Object.values(app.gpu.prompts.at(-1)!.workflow as Record<string, { class_type: string; inputs: Record<string, unknown> }>);
  expect(sent.filter((n) => n.class_type === 'LoadImage').length).toBe(5);
  expect(sent.find((n) => n.class_type === 'VHS_VideoCombine')!.inputs.frame_rate).toBe(16);
});
