import { expect, type Locator, type Page } from '@playwright/test';
import { readPngSize } from '../support/pngInfo';
import { stage, tool } from './editor.helpers';

/** The Generate page's own content (the panel is beside it). */
export const main = (page: Page) => page.getByRole('main');
/** The side panel with the generation settings. */
export const panel = (page: Page) => page.getByRole('complementary', { name: 'Generate images' });
/** The prompt's text box. */
export const promptBox = (page: Page) => main(page).getByRole('textbox', { name: 'Prompt', exact: true });
/** Generate, which reads "Generating…" while a prompt is on its way. */
export const generateButton = (page: Page) => main(page).getByRole('button', { name: /^(Generate|Generating…)$/ });
/** The history section. */
export const history = (page: Page) => main(page).getByRole('region', { name: 'Your history' });
/** The history's prompt cards, newest first: one per prompt, the one being sent from this page included. */
export const historyItems = (page: Page) => history(page).getByRole('article');
/** The newest prompt's card (the page's own prompt follows its progress there). */
export const newestPrompt = (page: Page) => historyItems(page).first();
/** A status badge with its exact text. */
export const statusBadge = (scope: Locator, status: 'Queued' | 'Running' | 'Done' | 'Failed' | 'Stopped') => scope.getByText(status, { exact: true });

/** Chooses an aspect preset, one of its sizes and the number of images in the panel. */
export async function chooseSettings(page: Page, preset: string, size: string, count: number): Promise<void> {
  await panel(page).getByRole('group', { name: 'Aspect ratio' }).getByRole('button', { name: preset, exact: true }).click();
  await panel(page).getByRole('group', { name: 'Size' }).getByRole('button', { name: size }).click();
  await panel(page)
    .getByRole('radio', { name: String(count), exact: true })
    .click();
}

/** Opens the editor from the header, adds a person to the built-in one, and returns to /pose by the header link. */
export async function makePose(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
  await expect(stage(page)).toHaveAttribute('data-view', /\d/);
  await tool(page, 'Add person').click();
  await goToGenerate(page);
}

/** Goes to /pose by the header link (client-side, so the editor saves its pose as it closes). */
export async function goToGenerate(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Generate' }).click();
  await expect(page).toHaveURL(/\/pose$/);
}

/** What the Generate page showed at one moment: the newest prompt's status and progress, and whether Generate was disabled. */
export interface ShownState {
  status: string | null;
  progress: string | null;
  generateDisabled: boolean;
}

/** Records every state the Generate page shows from now on (so a state shown briefly is not missed). */
export async function recordShownStates(page: Page): Promise<() => Promise<ShownState[]>> {
  await page.evaluate(() => {
    const log: Array<{ status: string | null; progress: string | null; generateDisabled: boolean }> = [];
    (window as unknown as { __shownStates: typeof log }).__shownStates = log;
    const snap = () => {
      const section = document.querySelector<HTMLElement>('main article[data-status]');
      const button = document.querySelector<HTMLButtonElement>('main form button[type="submit"]');
      const state = {
        status: section?.dataset.status ?? null,
        progress: section?.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? null,
        generateDisabled: button?.disabled ?? false,
      };
      const last = log.at(-1);
      if (!last || last.status !== state.status || last.progress !== state.progress || last.generateDisabled !== state.generateDisabled) log.push(state);
    };
    snap();
    new MutationObserver(snap).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shownStates: ShownState[] }).__shownStates);
}

/** Checks that every image in a scope has loaded at the given size and that its signed URL serves that PNG. */
export async function expectImages(page: Page, scope: Locator, count: number, width: number, height: number): Promise<string[]> {
  const images = scope.getByRole('img', { name: /^Generated image \d+/ });
  await expect(images).toHaveCount(count);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const image = images.nth(i);
    await expect(image).toHaveAccessibleName(`Generated image ${i + 1}, ${width} × ${height}`);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? [img.naturalWidth, img.naturalHeight] : null))).toEqual([width, height]);
    const url = (await image.getAttribute('src'))!;
    const res = await page.request.get(url);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(readPngSize(await res.body())).toEqual({ width, height });
    urls.push(url);
  }
  return urls;
}
