import { expect, test } from '@playwright/test';
import { DEFAULT_BODY, dragBy, exportJson, openEditor, pointOf, stage, toPage, tool } from './editor.helpers';

const body = (i: number) => ({ x: DEFAULT_BODY[i]![0], y: DEFAULT_BODY[i]![1] });
// A point on the right thigh, between hip and knee: picks the whole person.
const thigh = { x: (DEFAULT_BODY[8]![0] + DEFAULT_BODY[9]![0]) / 2, y: (DEFAULT_BODY[8]![1] + DEFAULT_BODY[9]![1]) / 2 };

async function click(page: import('@playwright/test').Page, p: { x: number; y: number }, shift = false) {
  const at = await toPage(page, p);
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.click(at.x, at.y);
  if (shift) await page.keyboard.up('Shift');
}

test.describe('pose editor: people', () => {
  test('add, duplicate, flip and delete people', async ({ page }) => {
    await openEditor(page);
    await expect(tool(page, 'Duplicate')).toBeDisabled();
    await tool(page, 'Add person').click();
    let json = await exportJson(page);
    expect(json.people).toHaveLength(2);
    // The new person is selected: duplicate copies it 24 px down and right.
    await tool(page, 'Duplicate').click();
    json = await exportJson(page);
    expect(json.people).toHaveLength(3);
    expect(pointOf(json.people[2]!.pose_keypoints_2d, 0).x).toBeCloseTo(pointOf(json.people[1]!.pose_keypoints_2d, 0).x + 24, 6);
    // Delete removes the selected copy and clears the selection.
    await tool(page, 'Delete').click();
    expect((await exportJson(page)).people).toHaveLength(2);
    await expect(tool(page, 'Delete')).toBeDisabled();

    // Select the first person by a limb and flip it: its right wrist lands where the mirror of its left one was.
    await click(page, thigh);
    await tool(page, 'Flip').click();
    const flipped = (await exportJson(page)).people[0]!.pose_keypoints_2d;
    const xs = DEFAULT_BODY.map(([x]) => x);
    const centre = (Math.min(...xs) + Math.max(...xs)) / 2;
    expect(pointOf(flipped, 4).x).toBeCloseTo(2 * centre - DEFAULT_BODY[7]![0], 6);
    expect(pointOf(flipped, 4).y).toBeCloseTo(DEFAULT_BODY[7]![1], 6);
  });

  test('drag a limb to move the whole person; Delete removes it and the empty canvas offers Add person', async ({ page }) => {
    await openEditor(page);
    await dragBy(page, thigh, 40, 30);
    const moved = (await exportJson(page)).people[0]!.pose_keypoints_2d;
    const dx = pointOf(moved, 0).x - DEFAULT_BODY[0]![0];
    const dy = pointOf(moved, 0).y - DEFAULT_BODY[0]![1];
    expect(dx).toBeGreaterThan(10);
    expect(pointOf(moved, 13).x - DEFAULT_BODY[13]![0]).toBeCloseTo(dx, 6);
    expect(pointOf(moved, 13).y - DEFAULT_BODY[13]![1]).toBeCloseTo(dy, 6);
    await page.keyboard.press('Delete');
    await expect(page.getByText('The canvas is empty.')).toBeVisible();
    await page.getByRole('button', { name: 'Add person' }).last().click();
    expect((await exportJson(page)).people).toHaveLength(1);
  });

  test('shift-click and marquee select several; a locked person does not move', async ({ page }) => {
    await openEditor(page);
    await tool(page, 'Add animal').click();
    await click(page, thigh, true);
    await expect(page.getByText('2 selected')).toBeVisible();
    // Marquee from the top-left corner of the canvas over everything.
    const a = await toPage(page, { x: 2, y: 2 });
    const b = await toPage(page, { x: 398, y: 598 });
    await page.mouse.click(a.x, a.y);
    await expect(page.getByText('Click a joint to select it')).toBeVisible();
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByText('2 selected')).toBeVisible();

    await click(page, thigh);
    await tool(page, 'Lock / unlock').click();
    const before = await exportJson(page);
    await dragBy(page, body(4), 50, 50);
    await dragBy(page, thigh, 50, 50);
    expect(await exportJson(page)).toEqual(before);
    await expect(tool(page, 'Delete')).toBeDisabled();
  });

  test('a hand added to a wrist follows the wrist when the arm moves', async ({ page }) => {
    await openEditor(page);
    await click(page, body(4));
    await expect(page.getByText('Person 1 · Right wrist')).toBeVisible();
    await tool(page, 'Hands: add, hide or show').click();
    let person = (await exportJson(page)).people[0]!;
    expect(person.hand_right_keypoints_2d).toHaveLength(63);
    expect(person.hand_left_keypoints_2d).toBeUndefined();
    // Move the elbow: the wrist stays, the hand turns with the forearm.
    await dragBy(page, body(3), -60, 0);
    person = (await exportJson(page)).people[0]!;
    const wrist = pointOf(person.pose_keypoints_2d, 4);
    const elbow = pointOf(person.pose_keypoints_2d, 3);
    const tip = pointOf(person.hand_right_keypoints_2d!, 12);
    const along = (tip.x - wrist.x) * (wrist.x - elbow.x) + (tip.y - wrist.y) * (wrist.y - elbow.y);
    const cross = (tip.x - wrist.x) * (wrist.y - elbow.y) - (tip.y - wrist.y) * (wrist.x - elbow.x);
    expect(Math.abs(cross) / along).toBeLessThan(0.1);
    // Move the wrist: the hand's own wrist point rides on it.
    await dragBy(page, wrist, 30, -40);
    person = (await exportJson(page)).people[0]!;
    const [handWrist, bodyWrist] = [pointOf(person.hand_right_keypoints_2d!, 0), pointOf(person.pose_keypoints_2d, 4)];
    expect(handWrist.x).toBeCloseTo(bodyWrist.x, 6);
    expect(handWrist.y).toBeCloseTo(bodyWrist.y, 6);
  });

  test('symmetry mode moves the opposite joint', async ({ page }) => {
    await openEditor(page);
    await tool(page, 'Symmetry').click();
    await expect(tool(page, 'Symmetry')).toHaveAttribute('aria-pressed', 'true');
    await dragBy(page, body(9), -30, 0);
    const json = (await exportJson(page)).people[0]!.pose_keypoints_2d;
    const [right, left] = [pointOf(json, 9), pointOf(json, 12)];
    // The default person stands straight, so its axis is the vertical through the neck (x = 200).
    expect(left.x - 200).toBeCloseTo(200 - right.x, 4);
    expect(left.y).toBeCloseTo(right.y, 4);
    await expect(stage(page)).toBeVisible();
  });
});
