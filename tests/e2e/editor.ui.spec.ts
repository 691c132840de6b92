import { expect, test } from '@playwright/test';
import { DEFAULT_BODY, exportJson, openEditor, pointOf, stage, toPage, tool } from './editor.helpers';

// Strings only Konva's own code carries.
const KONVA = /Several Konva instances|Konva\.(Stage|Layer)\b/;

test.describe('pose editor: chrome', () => {
  test('"?" opens the shortcut list, generated from the actions', async ({ page }) => {
    await openEditor(page);
    await stage(page).focus();
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Undo/ })).toContainText('Ctrl+Z');
    await expect(dialog.getByRole('row', { name: /^Redo/ })).toContainText('Ctrl+Y');
    await expect(dialog.getByText('Esc during a drag puts everything back where it started.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('the home page does not load Konva; the editor does', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') scripts.push(await r.text().catch(() => ''));
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(scripts.some((s) => KONVA.test(s))).toBe(false);
    await openEditor(page);
    await expect.poll(() => scripts.some((s) => KONVA.test(s))).toBe(true);
  });

  test('the editor opens without Firebase, which then follows in the background to confirm the session', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (r) => chunks.push(new URL(r.url()).pathname));
    await openEditor(page);
    await page.waitForLoadState('networkidle');
    expect(chunks.filter((p) => /firebaseAuth-/.test(p))).toEqual([]);
    await expect.poll(() => chunks.some((p) => /firebaseAuth-/.test(p)), { timeout: 15_000 }).toBe(true);
  });

  test('speaks Chinese too', async ({ page }) => {
    await page.goto('/edit?lng=zh');
    await expect(page.getByRole('heading', { level: 1, name: '姿势编辑器' })).toBeVisible();
    await expect(page.getByRole('toolbar', { name: '编辑工具' }).getByRole('button', { name: '添加人物' })).toBeVisible();
  });
});

test.describe('pose editor: inspector and reference image', () => {
  test('typing x and y moves the selected joint', async ({ page }) => {
    await openEditor(page);
    const at = await toPage(page, { x: DEFAULT_BODY[13]![0], y: DEFAULT_BODY[13]![1] });
    await page.mouse.click(at.x, at.y);
    await expect(page.getByText('Person 1 · Left ankle')).toBeVisible();
    await page.getByRole('textbox', { name: 'X' }).fill('250.5');
    await page.getByRole('textbox', { name: 'X' }).press('Enter');
    await page.getByRole('textbox', { name: 'Y' }).fill('555');
    await page.getByRole('textbox', { name: 'Y' }).press('Tab');
    const ankle = pointOf((await exportJson(page)).people[0]!.pose_keypoints_2d, 13);
    expect([ankle.x, ankle.y]).toEqual([250.5, 555]);
    // Hiding it exports 0, 0, 0.
    await page.getByRole('checkbox', { name: 'Visible' }).uncheck();
    expect(pointOf((await exportJson(page)).people[0]!.pose_keypoints_2d, 13)).toEqual({ x: 0, y: 0, c: 0 });
  });

  test('a reference image is kept as a data URL with its opacity, across a reload', async ({ page }) => {
    await openEditor(page);
    // A 2 x 2 red PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAwMAAAA0EAv+x5TV5AAAAAElFTkSuQmCC', 'base64');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), tool(page, 'Reference image').click()]);
    await chooser.setFiles({ name: 'ref.png', mimeType: 'image/png', buffer: png });
    const opacity = page.getByRole('slider', { name: 'Reference image opacity' });
    await expect(opacity).toHaveValue('0.5');
    await opacity.fill('0.8');
    // Stored a moment after the change.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('posecraft.editor.background'))).toMatch(/^"data:image\/png;base64,/);
    await page.reload();
    await expect(page.getByRole('slider', { name: 'Reference image opacity' })).toHaveValue('0.8');
    await tool(page, 'Remove reference image').click();
    await expect(page.getByRole('slider', { name: 'Reference image opacity' })).toHaveCount(0);
  });
});
