import { expect, test } from '@playwright/test';
import { DEFAULT_BODY, exportJson, openEditor, pointOf, toPage, tool } from './editor.helpers';

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
    // The points are back in their first order, and the name travels in the file with its person.
    const back = await exportJson(page);
    expect(back.people).toEqual(start.people);
    expect(back.posecraft_figures?.people.map((f) => f.name ?? '')).toEqual(['', 'Dancer']);
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

test.describe('editor controls: tooltips, states, status line and focus order', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the posing tools stand beside the canvas, each with a tooltip naming it and its shortcut', async ({ page }) => {
    await openEditor(page);
    const posing = page.getByRole('toolbar', { name: 'Posing tools' });
    const buttons = posing.getByRole('button');
    await expect(buttons).toHaveCount(6);
    for (let i = 0; i < 6; i++) {
      const button = buttons.nth(i);
      const label = (await button.getAttribute('aria-label'))!;
      const shortcut = (await button.getAttribute('data-shortcut')) ?? '';
      // Proportions opens a popover: no shortcut of its own; the other five have one.
      if (label !== 'Proportions') expect(shortcut, label).not.toBe('');
      await button.hover();
      await expect(page.getByRole('tooltip')).toContainText(label);
      await expect(page.getByRole('tooltip')).toContainText(shortcut);
    }
    await expect(posing.getByRole('button', { name: 'Keep bone lengths' })).toHaveAttribute('data-shortcut', 'I');
    await expect(posing.getByRole('button', { name: 'Side view' })).toHaveAttribute('data-shortcut', 'Shift+D');
  });

  test('a disabled button still looks like a button: border and fill kept, lighter, a not-allowed cursor', async ({ page }) => {
    await openEditor(page);
    const feet = page.getByRole('button', { name: 'Feet: add, hide or show' });
    const library = page.getByRole('button', { name: 'Library', exact: true });
    const look = (button: typeof feet) =>
      button.evaluate((el) => {
        const s = getComputedStyle(el);
        return { border: `${s.borderTopWidth} ${s.borderTopStyle}`, background: s.backgroundColor, color: s.color, cursor: s.cursor };
      });
    // Nobody selected: Feet has no one to act on.
    await expect(feet).toBeDisabled();
    await expect(library).toBeEnabled();
    const [off, on] = [await look(feet), await look(library)];
    expect(off.border).toBe('1px solid');
    expect(off.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(off.cursor).toBe('not-allowed');
    expect(off.color).not.toBe(on.color);
    expect(off.background).not.toBe(on.background);
    // A person selected: Feet looks like every enabled button again.
    await people(page).getByRole('textbox', { name: 'Name of Person 1' }).click();
    await expect(feet).toBeEnabled();
    expect(await look(feet)).toEqual(on);
  });

  test('over a limb of the selected person the status line says a drag turns it; a right click there opens its actions', async ({ page }) => {
    await openEditor(page);
    const status = page.locator('.editor-status-hint');
    await expect(status).toHaveText(/^Drag a joint to pose it/);
    // The middle of the left thigh (hip 11 to knee 12) of the one person: a click selects them.
    const thigh = await toPage(page, { x: (DEFAULT_BODY[11]![0] + DEFAULT_BODY[12]![0]) / 2, y: (DEFAULT_BODY[11]![1] + DEFAULT_BODY[12]![1]) / 2 });
    await page.mouse.click(thigh.x, thigh.y);
    await expect(page.getByText('1 selected')).toBeVisible();
    await page.mouse.move(thigh.x + 1, thigh.y);
    await expect(status).toHaveText('Drag to turn this limb at its joint; what hangs from it follows. Right-click for actions.');
    await page.mouse.click(thigh.x + 1, thigh.y, { button: 'right' });
    await expect(page.getByRole('menu').getByRole('menuitem', { name: /^Duplicate/ })).toBeVisible();
  });

  test('Tab goes through the editor in the order of its layout', async ({ page }) => {
    await openEditor(page);
    await tool(page, 'Add person').focus();
    const names: string[] = [];
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Tab');
      names.push(
        await page.evaluate(() => {
          const el = document.activeElement!;
          const labelled = el as HTMLSelectElement;
          return el.closest('[role="toolbar"]')?.getAttribute('aria-label') ?? el.getAttribute('aria-label') ?? labelled.labels?.[0]?.textContent ?? el.tagName;
        }),
      );
    }
    // The toolbar, the posing tools beside the canvas, the canvas, what is under it (Feet is disabled with
    // nobody selected, so it is passed over; the timeline's button last), then the people list on the right.
    expect(names).toEqual([
      'Posing tools',
      'Pose canvas: drag joints to pose, drag a limb to move a person',
      'Drawing',
      'Library',
      'Timeline',
      'Name of Person 1',
      'Show Person 1',
    ]);
  });
});
