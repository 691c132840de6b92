import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { exportJson, importFile, openEditor, tool } from './editor.helpers';

const FIXTURE = path.resolve('tests/fixtures/editor/sd-webui-openpose-editor.json');
const panel = (page: import('@playwright/test').Page) => page.getByRole('complementary', { name: 'Generate images' });

/** Every number of two people-JSON files agrees within the tolerance. */
function expectSamePose(actual: unknown, expected: unknown, tolerance = 0.5, where = 'root'): void {
  if (typeof expected === 'number') {
    expect(Math.abs((actual as number) - expected), where).toBeLessThanOrEqual(tolerance);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual) && actual.length, where).toBe(expected.length);
    expected.forEach((v, i) => expectSamePose((actual as unknown[])[i], v, tolerance, `${where}[${i}]`));
  } else if (expected && typeof expected === 'object') {
    expect(Object.keys(actual as object).sort(), where).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected)) expectSamePose((actual as Record<string, unknown>)[k], v, tolerance, `${where}.${k}`);
  } else expect(actual, where).toEqual(expected);
}

test.describe('pose editor: files', () => {
  test('imports an sd-webui-openpose-editor file and exports it again unchanged', async ({ page }) => {
    await openEditor(page);
    await importFile(page, FIXTURE);
    await expect(page.getByText('Pose imported: people 2, animals 1.')).toBeVisible();
    // The file's canvas becomes the panel's image size.
    await expect(panel(page).getByRole('textbox', { name: 'Wide' })).toHaveValue('512');
    await expect(panel(page).getByRole('textbox', { name: 'Length' })).toHaveValue('768');
    const exported = await exportJson(page);
    expectSamePose(exported, JSON.parse(fs.readFileSync(FIXTURE, 'utf8')));
    // One undo step brings the previous pose back.
    await page.keyboard.press('Control+z');
    expect((await exportJson(page)).people).toHaveLength(1);
  });

  test('a malformed file is refused with what is wrong, and the pose stays', async ({ page }) => {
    await openEditor(page);
    const before = await exportJson(page);
    await importFile(page, { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"people":[{"pose_keypoints_2d":[10,20,1,30]}]}') });
    await expect(page.getByRole('alert')).toContainText('This pose file cannot be imported: people[0].pose_keypoints_2d');
    expect(await exportJson(page)).toEqual(before);
    await importFile(page, { name: 'notjson.json', mimeType: 'application/json', buffer: Buffer.from('{ nope') });
    await expect(page.getByRole('alert').last()).toContainText('not valid JSON');
    expect(await exportJson(page)).toEqual(before);
    await expect(tool(page, 'Undo')).toBeDisabled();
  });

  test('exports the OpenPose PNG at the canvas size', async ({ page }) => {
    await openEditor(page);
    const [download] = await Promise.all([page.waitForEvent('download'), tool(page, 'Export PNG').click()]);
    expect(download.suggestedFilename()).toBe('pose.png');
    const png = fs.readFileSync((await download.path())!);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([400, 600]);
  });

  test('copies the pose JSON to the clipboard and pastes it back', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openEditor(page);
    await tool(page, 'Copy JSON').click();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied.people).toHaveLength(1);
    await page.evaluate((text) => navigator.clipboard.writeText(text), fs.readFileSync(FIXTURE, 'utf8'));
    await tool(page, 'Paste JSON').click();
    expectSamePose(await exportJson(page), JSON.parse(fs.readFileSync(FIXTURE, 'utf8')));
  });
});
