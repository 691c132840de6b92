import { expect, test, type Page } from '@playwright/test';
import type { OpenPoseJson } from '../../src/pose/json/openPoseJson';
import { DEFAULT_BODY, exportJson, openEditor, pointOf, stage, toPage, tool } from './editor.helpers';
import { signInToEditor } from './support/photo';

// A point on the right thigh, between hip and knee: picks the whole person.
const thigh = { x: (DEFAULT_BODY[8]![0] + DEFAULT_BODY[9]![0]) / 2, y: (DEFAULT_BODY[8]![1] + DEFAULT_BODY[9]![1]) / 2 };
const library = (page: Page) => page.getByRole('dialog', { name: 'Pose library' });

async function selectPerson(page: Page) {
  const at = await toPage(page, thigh);
  await page.mouse.click(at.x, at.y);
}

/** Opens the library from the toolbar on one of its tabs. */
async function openLibrary(page: Page, tab: string) {
  // The Library button sits with the document's settings under the canvas, not in the toolbar.
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await library(page).getByRole('tab', { name: tab }).click();
}

async function applyFromLibrary(page: Page, tab: string, name: string) {
  await openLibrary(page, tab);
  await library(page)
    .getByRole('button', { name: `Apply "${name}"` })
    .click();
  await library(page).getByRole('button', { name: 'Close the library' }).click();
}

/** The middle of the bottom of a flat body's box: where the person stands. */
function standPoint(flat: number[]) {
  const points = Array.from({ length: flat.length / 3 }, (_, i) => pointOf(flat, i)).filter((p) => p.c > 0);
  const xs = points.map((p) => p.x);
  return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: Math.max(...points.map((p) => p.y)) };
}

const flatDefault = DEFAULT_BODY.flatMap(([x, y]) => [x, y, 1]);

/** Whether a flat body is the built-in person (the table holds its points rounded to 0.1 px at most). */
const isDefaultBody = (flat: number[]) => flat.every((v, i) => Math.abs(v - flatDefault[i]!) <= 0.05);

test.describe('pose library in the editor', () => {
  test('a body preset, a gesture on the left hand and an expression, each undone', async ({ page }) => {
    await openEditor(page);
    await selectPerson(page);

    await applyFromLibrary(page, 'Body poses', 'Sitting on a chair, profile');
    const seated = (await exportJson(page)).people[0]!;
    expect(isDefaultBody(seated.pose_keypoints_2d)).toBe(false);
    const [before, after] = [standPoint(flatDefault), standPoint(seated.pose_keypoints_2d)];
    expect(after.x).toBeCloseTo(before.x, 6);
    expect(after.y).toBeCloseTo(before.y, 6);
    await tool(page, 'Undo').click();
    expect(isDefaultBody((await exportJson(page)).people[0]!.pose_keypoints_2d)).toBe(true);

    // The built-in person is symmetric about x = 200: the left hand must be the mirror of the right one.
    await openLibrary(page, 'Hand gestures');
    await library(page).getByRole('radio', { name: 'Left hand' }).check();
    await library(page).getByRole('button', { name: 'Apply "Pointing"' }).click();
    await library(page).getByRole('radio', { name: 'Right hand' }).check();
    await library(page).getByRole('button', { name: 'Apply "Pointing"' }).click();
    await library(page).getByRole('button', { name: 'Close the library' }).click();
    const handed = (await exportJson(page)).people[0]!;
    const [left, right] = [handed.hand_left_keypoints_2d!, handed.hand_right_keypoints_2d!];
    expect(pointOf(left, 0).x).toBeCloseTo(DEFAULT_BODY[7]![0], 6);
    expect(pointOf(left, 0).y).toBeCloseTo(DEFAULT_BODY[7]![1], 6);
    for (let i = 0; i < 21; i++) {
      expect(pointOf(left, i).x).toBeCloseTo(400 - pointOf(right, i).x, 6);
      expect(pointOf(left, i).y).toBeCloseTo(pointOf(right, i).y, 6);
    }
    await tool(page, 'Undo').click();
    await tool(page, 'Undo').click();
    expect((await exportJson(page)).people[0]!.hand_left_keypoints_2d).toBeUndefined();

    await applyFromLibrary(page, 'Expressions', 'Smile');
    expect((await exportJson(page)).people[0]!.face_keypoints_2d).toHaveLength(210);
    await tool(page, 'Undo').click();
    expect((await exportJson(page)).people[0]!.face_keypoints_2d).toBeUndefined();
  });

  test('save the scene, find it by a tag, load it into a fresh editor; share, open signed out, revoke', async ({ page, browser }) => {
    await signInToEditor(page, 'library');
    await applyFromLibrary(page, 'Body poses', 'Star jump');
    const saved: OpenPoseJson = await exportJson(page);
    expect(saved.people).toHaveLength(2);

    await openLibrary(page, 'My poses');
    const form = library(page).getByRole('form', { name: 'Save to my poses' });
    await form.getByLabel('Name').fill('Jumping pair');
    await form.getByLabel('Tags, separated by commas').fill('e2e-jump, Party');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(library(page).getByRole('listitem', { name: 'Jumping pair' })).toBeVisible();
    await library(page).getByRole('button', { name: 'Close the library' }).click();

    // A fresh editor on another pose: the saved one is found by its tag and loaded.
    await tool(page, 'Undo').click();
    await page.reload();
    await expect(stage(page)).toHaveAttribute('data-view', /\d/);
    expect((await exportJson(page)).people).toHaveLength(1);
    await openLibrary(page, 'My poses');
    await library(page).getByLabel('Only with the tag').fill('party');
    const card = library(page).getByRole('listitem', { name: 'Jumping pair' });
    await expect(library(page).getByRole('list', { name: 'Your saved poses' }).getByRole('listitem')).toHaveCount(1);
    await card.getByRole('button', { name: 'Apply "Jumping pair"' }).click();
    await library(page).getByRole('button', { name: 'Close the library' }).click();
    // Applying fetches the saved pose first: the scene arrives a moment after the click.
    await expect.poll(async () => (await exportJson(page)).people.length).toBe(2);
    expect(await exportJson(page)).toEqual(saved);

    // Share, then open the link signed out in a new browser context.
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    await library(page).getByRole('tab', { name: 'My poses' }).click();
    await library(page).getByRole('button', { name: 'Share "Jumping pair"' }).click();
    const link = await library(page).getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(link).toMatch(/\/p\/[A-Za-z0-9_-]{24}$/);
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    const html = await (await other.request.get(link)).text();
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/p\/[A-Za-z0-9_-]{24}\/thumbnail\.png" \/>/);
    expect(html).toContain('<meta property="og:title" content="Jumping pair" />');
    await other.goto(link);
    await expect(other.getByRole('heading', { name: 'Jumping pair' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Sign In' })).toBeVisible();
    const thumbnail = other.getByRole('img', { name: 'The pose "Jumping pair"' });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(192);
    await other.getByRole('button', { name: 'Open in editor' }).click();
    await expect(other).toHaveURL(/\/edit$/);
    await expect(stage(other)).toHaveAttribute('data-view', /\d/);
    expect(await exportJson(other)).toEqual(saved);

    // Revoked, the link answers 404 and the page says so.
    await library(page).getByRole('button', { name: 'Stop sharing "Jumping pair"' }).click();
    await expect(library(page).getByRole('textbox', { name: 'Share link' })).toHaveCount(0);
    expect((await other.request.get(link)).status()).toBe(404);
    await other.goto(link);
    await expect(other.getByRole('heading', { name: /This pose is not shared/ })).toBeVisible();
    await stranger.close();
  });
});
