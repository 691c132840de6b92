import { expect, test } from '@playwright/test';
import { exportJson, openEditor, pointOf, tool } from './editor.helpers';

const toolbar = (page: import('@playwright/test').Page) => page.getByRole('toolbar', { name: 'Editor tools' });
const people = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'People and animals' });
const neckX = (doc: Awaited<ReturnType<typeof exportJson>>, i: number) => pointOf(doc.people[i]!.pose_keypoints_2d, 1).x;

test.describe('editor toolbar and people list', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the toolbar is one row at 1280 x 800, and every button has a tooltip with its shortcut', async ({ page }) => {
    await openEditor(page);
    const buttons = toolbar(page).getByRole('button');
    const count = await buttons.count();
    expect(count).toBeGreaterThan(20);
    // Everything fits: no overflow menu at this width.
    await expect(tool(page, 'More tools')).toHaveCount(0);
    const bar = (await toolbar(page).boundingBox())!;
    const first = (await buttons.first().boundingBox())!;
    expect(bar.height).toBeLessThan(first.height * 2);
    for (let i = 0; i < count; i++) {
      const button = buttons.nth(i);
      const box = (await button.boundingBox())!;
      // Every button sits on the one row.
      expect(Math.abs(box.y - first.y)).toBeLessThan(2);
      const label = (await button.getAttribute('aria-label'))!;
      const shortcut = (await button.getAttribute('data-shortcut')) ?? '';
      await button.hover();
      const tip = page.getByRole('tooltip');
      await expect(tip).toContainText(label);
      if (label !== 'More tools') expect(shortcut, label).not.toBe('');
      await expect(tip).toContainText(shortcut);
    }
    await expect(tool(page, 'Undo')).toHaveAttribute('data-shortcut', 'Ctrl+Z');
  });

  test('people reorder by dragging a row and by Alt+arrows, and the export order follows', async ({ page }) => {
    await openEditor(page);
    await tool(page, 'Add person').click();
    const start = await exportJson(page);
    expect(start.people).toHaveLength(2);
    const rows = people(page).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await people(page).getByRole('textbox', { name: 'Name of Person 2' }).fill('Dancer');
    await people(page).getByRole('textbox', { name: 'Name of Person 2' }).press('Enter');
    await expect(people(page).getByRole('textbox', { name: 'Name of Dancer' })).toHaveValue('Dancer');

    // Drag the second row's grip onto the first row: the second person is now drawn and exported first.
    await rows.nth(1).locator('.row-grip').dragTo(rows.nth(0));
    const dragged = await exportJson(page);
    expect(neckX(dragged, 0)).toBe(neckX(start, 1));
    expect(neckX(dragged, 1)).toBe(neckX(start, 0));
    await expect(people(page).getByRole('textbox').first()).toHaveValue('Dancer');

    // Alt+Down on the first row moves it back down; the focus follows it.
    await people(page).getByRole('textbox', { name: 'Name of Dancer' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(people(page).getByRole('textbox').nth(1)).toHaveValue('Dancer');
    await expect(people(page).getByRole('textbox', { name: 'Name of Dancer' })).toBeFocused();
    expect(await exportJson(page)).toEqual(start);
  });

  test('a row selects its person on the canvas; its toggles lock and hide it; right click opens its actions', async ({ page }) => {
    await openEditor(page);
    await people(page).getByRole('textbox', { name: 'Name of Person 1' }).click();
    await expect(page.getByText('1 selected')).toBeVisible();
    await people(page).getByRole('button', { name: 'Lock Person 1' }).click();
    await expect(people(page).getByRole('button', { name: 'Lock Person 1' })).toHaveAttribute('aria-pressed', 'true');
    await expect(tool(page, 'Delete')).toBeDisabled();
    await people(page).getByRole('button', { name: 'Lock Person 1' }).click();
    await people(page).getByRole('button', { name: 'Show Person 1' }).click();
    await expect(people(page).getByRole('button', { name: 'Show Person 1' })).toHaveAttribute('aria-pressed', 'false');
    expect((await exportJson(page)).people[0]!.pose_keypoints_2d.every((v) => v === 0)).toBe(true);

    await people(page).getByRole('listitem').first().click({ button: 'right' });
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: /^Duplicate/ })).toBeVisible();
    await menu.getByRole('menuitem', { name: /^Duplicate/ }).click();
    await expect(people(page).getByRole('listitem')).toHaveCount(2);
  });
});
