import { expect, test, type Page } from '@playwright/test';
import type { OpenPoseJson } from '../../src/pose/json/openPoseJson';
import { DEFAULT_BODY, dragBy, exportJson, importFile, openEditor, pointOf, stage, toPage, tool } from './editor.helpers';
import { goToGenerate, panel } from './generate.helpers';

const people = (page: Page) => page.getByRole('region', { name: 'People and animals' });
const body = (i: number) => ({ x: DEFAULT_BODY[i]![0], y: DEFAULT_BODY[i]![1] });
const figures = (doc: OpenPoseJson) => doc.posecraft_figures?.people ?? [];
const pinButton = (page: Page) => page.getByRole('button', { name: 'Pin / unpin joint', exact: true }).first();
const dist = (flat: number[], a: number, b: number) => Math.hypot(pointOf(flat, a).x - pointOf(flat, b).x, pointOf(flat, a).y - pointOf(flat, b).y);
// Shoulder width over neck-to-hip: what a stretch changes.
const shape = (doc: OpenPoseJson, i: number) => dist(doc.people[i]!.pose_keypoints_2d, 2, 5) / dist(doc.people[i]!.pose_keypoints_2d, 1, 8);

async function clickAt(page: Page, p: { x: number; y: number }) {
  const at = await toPage(page, p);
  await page.mouse.click(at.x, at.y);
}

async function backToEditor(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Pose editor' }).click();
  await expect(stage(page)).toHaveAttribute('data-view', /\d/);
}

test.describe('one document: figures keep what the user set on them', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a frame change on the Generate page scales people without stretching, and is undone in the editor', async ({ page }) => {
    await openEditor(page);
    await tool(page, 'Add person').click();
    const before = await exportJson(page);
    await goToGenerate(page);
    await panel(page).getByRole('group', { name: 'Aspect ratio' }).getByRole('button', { name: '1:1', exact: true }).click();
    await panel(page).getByRole('group', { name: 'Size' }).getByRole('button', { name: /Large/ }).click();
    await backToEditor(page);
    const after = await exportJson(page);
    expect([after.canvas_width, after.canvas_height]).toEqual([1000, 1000]);
    for (const i of [0, 1]) expect(shape(after, i)).toBeCloseTo(shape(before, i), 6);
    // Both size changes are steps of the one history: undo walks back to the pose as it was.
    await expect(tool(page, 'Undo')).toBeEnabled();
    await tool(page, 'Undo').click();
    await tool(page, 'Undo').click();
    expect(await exportJson(page)).toEqual(before);
  });

  test('pins survive leaving the editor and a reload, on the first of two people', async ({ page }) => {
    await openEditor(page);
    await tool(page, 'Add person').click();
    await clickAt(page, body(10));
    await page.keyboard.press('n');
    await clickAt(page, body(13));
    await page.keyboard.press('n');
    await expect(pinButton(page)).toHaveAttribute('aria-pressed', 'true');
    await goToGenerate(page);
    await backToEditor(page);
    await page.reload();
    await expect(stage(page)).toHaveAttribute('data-view', /\d/);
    for (const ankle of [10, 13]) {
      await clickAt(page, body(ankle));
      await expect(pinButton(page)).toHaveAttribute('aria-pressed', 'true');
    }
  });

  test("both reorders (the list and bring forward / send backward) move a person's name and pins with it", async ({ page }) => {
    await openEditor(page);
    await tool(page, 'Add person').click();
    const second = (await exportJson(page)).people[1]!.pose_keypoints_2d;
    const secondAnkle = { x: pointOf(second, 10).x, y: pointOf(second, 10).y };
    await people(page).getByRole('textbox', { name: 'Name of Person 1' }).fill('Ann');
    await people(page).getByRole('textbox', { name: 'Name of Person 1' }).press('Enter');
    await clickAt(page, secondAnkle);
    await page.keyboard.press('n');
    const expectAttributes = async () => {
      await clickAt(page, secondAnkle);
      await expect(pinButton(page)).toHaveAttribute('aria-pressed', 'true');
      await clickAt(page, body(10));
      await expect(pinButton(page)).toHaveAttribute('aria-pressed', 'false');
      await expect(people(page).getByRole('textbox', { name: 'Name of Ann' })).toHaveCount(1);
    };
    await people(page).getByRole('textbox', { name: 'Name of Ann' }).click();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(people(page).getByRole('textbox').nth(1)).toHaveValue('Ann');
    await expectAttributes();
    await people(page).getByRole('textbox', { name: 'Name of Ann' }).click();
    await stage(page).focus();
    await page.keyboard.press('Control+[');
    await expect(people(page).getByRole('textbox').nth(0)).toHaveValue('Ann');
    await expectAttributes();
  });

  test('hiding and showing a person (H, H) keeps a point hidden by hand hidden', async ({ page }) => {
    await openEditor(page);
    await clickAt(page, body(16));
    await page.keyboard.press('v');
    await page.keyboard.press('h');
    await page.keyboard.press('h');
    const doc = await exportJson(page);
    expect(pointOf(doc.people[0]!.pose_keypoints_2d, 16).c).toBe(0);
    expect(pointOf(doc.people[0]!.pose_keypoints_2d, 17).c).toBe(1);
  });

  test("names go through export and import, and ControlNet's keys are what they were", async ({ page }) => {
    await openEditor(page);
    const plain = await exportJson(page);
    await people(page).getByRole('textbox', { name: 'Name of Person 1' }).fill('Ann');
    await people(page).getByRole('textbox', { name: 'Name of Person 1' }).press('Enter');
    const doc = await exportJson(page);
    expect(doc.people).toEqual(plain.people);
    expect(figures(doc)[0]).toMatchObject({ name: 'Ann' });
    await clickAt(page, body(4));
    await tool(page, 'Delete').click();
    await importFile(page, { name: 'pose.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
    await expect(people(page).getByRole('textbox', { name: 'Name of Ann' })).toBeVisible();
    // The inspector names the joint by the person's name.
    await clickAt(page, body(4));
    await expect(page.getByText('Ann · Right wrist')).toBeVisible();
  });

  test('Space after a toolbar click pans and never edits', async ({ page }) => {
    await openEditor(page);
    const before = await exportJson(page);
    // Symmetry on and off again: focus stays on that toolbar button.
    await tool(page, 'Symmetry').click();
    await tool(page, 'Symmetry').click();
    await expect(tool(page, 'Symmetry')).toBeFocused();
    await page.keyboard.down(' ');
    await dragBy(page, body(4), 140, 40);
    await page.keyboard.up(' ');
    expect(await exportJson(page)).toEqual(before);
  });

  test('a joint, a figure and the empty canvas each have their own menu; the joint menu pins and hides, and pins are drawn', async ({ page }) => {
    await openEditor(page);
    const menu = page.getByRole('menu');
    const wrist = await toPage(page, body(4));
    const before = await stage(page).screenshot();
    await page.mouse.click(wrist.x, wrist.y, { button: 'right' });
    await expect(menu).toHaveAttribute('data-menu-for', 'joint');
    await menu.getByRole('menuitem', { name: 'Pin / unpin joint' }).click();
    await expect(menu).toHaveCount(0);
    // The pin is drawn beside the wrist.
    expect(Buffer.compare(before, await stage(page).screenshot())).not.toBe(0);
    await page.mouse.click(wrist.x, wrist.y, { button: 'right' });
    await menu.getByRole('menuitem', { name: 'Hide / show point' }).click();
    const doc = await exportJson(page);
    expect(figures(doc)[0]?.pins).toEqual([4]);
    expect(pointOf(doc.people[0]!.pose_keypoints_2d, 4).c).toBe(0);
    // A limb opens the figure's menu; the empty canvas its own, whose Add person adds beside.
    const thigh = await toPage(page, { x: (DEFAULT_BODY[8]![0] + DEFAULT_BODY[9]![0]) / 2, y: (DEFAULT_BODY[8]![1] + DEFAULT_BODY[9]![1]) / 2 });
    await page.mouse.click(thigh.x, thigh.y, { button: 'right' });
    await expect(menu).toHaveAttribute('data-menu-for', 'entity');
    await page.keyboard.press('Escape');
    const corner = await toPage(page, { x: 20, y: 580 });
    await page.mouse.click(corner.x, corner.y, { button: 'right' });
    await expect(menu).toHaveAttribute('data-menu-for', 'canvas');
    await menu.getByRole('menuitem', { name: 'Add person' }).click();
    expect((await exportJson(page)).people).toHaveLength(2);
  });

  test("Add from JSON puts a file's people beside the ones on the canvas, with their names, as one undo step", async ({ page }) => {
    await openEditor(page);
    await people(page).getByRole('textbox', { name: 'Name of Person 1' }).fill('Ann');
    await people(page).getByRole('textbox', { name: 'Name of Person 1' }).press('Enter');
    const file = JSON.stringify(await exportJson(page));
    await stage(page).focus();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Control+Alt+o')]);
    await chooser.setFiles({ name: 'pose.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await expect(people(page).getByRole('textbox', { name: 'Name of Ann' })).toHaveCount(2);
    const doc = await exportJson(page);
    expect(doc.people).toHaveLength(2);
    // Beside, not on top: the necks are apart.
    expect(Math.abs(pointOf(doc.people[0]!.pose_keypoints_2d, 1).x - pointOf(doc.people[1]!.pose_keypoints_2d, 1).x)).toBeGreaterThan(40);
    await tool(page, 'Undo').click();
    expect((await exportJson(page)).people).toHaveLength(1);
  });
});
