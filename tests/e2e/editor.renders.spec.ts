import { expect, test } from '@playwright/test';
import { installCommitCounter, reactCommits } from '../support/reactCommits';
import { DEFAULT_BODY, openEditor, stage, toPage } from './editor.helpers';

const RIGHT_WRIST = 4;
const MOVES = 30;

test.describe('pose editor: rendering', () => {
  test('dragging a joint updates the canvas without a single React commit', async ({ page }) => {
    await installCommitCounter(page);
    await openEditor(page);
    const start = await toPage(page, { x: DEFAULT_BODY[RIGHT_WRIST]![0], y: DEFAULT_BODY[RIGHT_WRIST]![1] });
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    // Past the 4 px threshold the press becomes a drag; React shows that state once.
    await page.mouse.move(start.x + 6, start.y);
    await expect(stage(page)).toHaveAttribute('data-state', 'dragging');
    const before = await reactCommits(page);
    expect(before).toBeGreaterThan(0);
    for (let i = 1; i <= MOVES; i++) await page.mouse.move(start.x + 6 + i * 2, start.y - i * 3);
    expect((await reactCommits(page)) - before).toBe(0);
    await page.mouse.up();
    // The drop is one undo step, which React does show: the counter sees commits when they happen.
    await expect(stage(page)).toHaveAttribute('data-state', 'idle');
    expect(await reactCommits(page)).toBeGreaterThan(before);
  });
});
