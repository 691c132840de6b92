import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { openEditor, tool } from './editor.helpers';

// A refused import says why in the interface language: the reason inside 无法导入此姿势文件：… is
// Chinese too, with the JSON path kept as written.

/** An editor tool by its Chinese label (the toolbar's own name is Chinese too). */
const zhTool = (page: Page, label: string) => page.getByRole('toolbar', { name: '编辑工具' }).getByRole('button', { name: label, exact: true });

/** Picks a file with Import JSON (导入 JSON), which reads a PNG as a skeleton drawing. */
async function pick(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, importJson = zhTool(page, '导入 JSON')): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), importJson.click()]);
  await chooser.setFiles(file);
}

const json = (name: string, text: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

async function openInChinese(page: Page): Promise<void> {
  await openEditor(page);
  await page.locator('button[lang="zh"]').first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
}

test.describe('pose editor: why an import is refused, in the interface language', () => {
  test('a malformed pose file is refused in Chinese, and in English again once switched back', async ({ page }) => {
    await openInChinese(page);
    const short = json('broken.json', '{"people":[{"pose_keypoints_2d":[10,20,1,30]}]}');
    await pick(page, short);
    await expect(page.getByRole('alert').last()).toHaveText(
      /无法导入此姿势文件：people\[0\]\.pose_keypoints_2d 有 4 个数字，应为 51、54、72、75、78 或 399 个/,
    );
    await pick(page, json('notjson.json', '{ nope'));
    await expect(page.getByRole('alert').last()).toContainText('无法导入此姿势文件：姿势文件不是有效的 JSON：');
    await pick(page, json('empty.json', '{"canvas_width":512,"canvas_height":512}'));
    await expect(page.getByRole('alert').last()).toContainText(
      '无法导入此姿势文件：姿势文件中既没有人物也没有动物（它的键为 canvas_width、canvas_height），没有可绘制的内容',
    );
    // The undo button keeps its Chinese label: nothing was imported.
    await expect(zhTool(page, '撤销')).toBeDisabled();

    await page.locator('button[lang="en"]').first().click();
    await pick(page, short, tool(page, 'Import JSON'));
    await expect(page.getByRole('alert').last()).toHaveText(
      /This pose file cannot be imported: people\[0\]\.pose_keypoints_2d has 4 numbers; expected 51, 54, 72, 75, 78 or 399/,
    );
  });

  test('a PNG that is no skeleton, holds none, has lost its colours, or is too large, is refused in Chinese', async ({ page }) => {
    await openInChinese(page);
    const white = new PNG({ width: 64, height: 64 });
    white.data.fill(255);
    await pick(page, { name: 'photo.png', mimeType: 'image/png', buffer: PNG.sync.write(white) });
    await expect(page.getByRole('alert').last()).toContainText('无法导入此姿势文件：此图像不是黑底上的 OpenPose 骨架图');
    const black = new PNG({ width: 64, height: 64 });
    for (let i = 3; i < black.data.length; i += 4) black.data[i] = 255;
    await pick(page, { name: 'black.png', mimeType: 'image/png', buffer: PNG.sync.write(black) });
    await expect(page.getByRole('alert').last()).toContainText('无法导入此姿势文件：图像中未找到 OpenPose 骨架：没有以肢体相连');
    // The default pose's drawing resized to half (box filter): its colours are blended. The file
    // carries ImageMagick's gAMA and cHRM chunks: read colour-managed, it came close enough to the
    // drawing colours to be read as a broken person; the reader takes the file's own bytes.
    await pick(page, { name: 'half.png', mimeType: 'image/png', buffer: readFileSync('tests/fixtures/pose/default-pose.half.png') });
    await expect(page.getByRole('alert').last()).toContainText('无法导入此姿势文件：图像中未找到 OpenPose 骨架：图像的颜色不是骨架图的绘制颜色');
    // Only the signature and a header claiming 5000 x 5000: refused before decoding.
    const header = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(header);
    header.writeUInt32BE(5000, 16);
    header.writeUInt32BE(5000, 20);
    await pick(page, { name: 'huge.png', mimeType: 'image/png', buffer: header });
    await expect(page.getByRole('alert').last()).toContainText('无法导入此姿势文件：图像为 5000 × 5000 像素，最多只读取 16 百万像素');
  });
});
