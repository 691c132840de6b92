import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_BODY, exportJson, openEditor, pointOf, toPage } from './editor.helpers';

const turn = (page: Page) => page.getByRole('group', { name: 'Turn' });
const RIGHT_SHOULDER = 2;
const RIGHT_ELBOW = 3;
const LEFT_EAR = 17;

// A click on a limb (the middle of the right thigh) selects the person.
async function selectPerson(page: Page): Promise<void> {
  const [[hx, hy], [kx, ky]] = [DEFAULT_BODY[8]!, DEFAULT_BODY[9]!];
  const at = await toPage(page, { x: (hx + kx) / 2, y: (hy + ky) / 2 });
  await page.mouse.click(at.x, at.y);
}

async function setField(page: Page, name: string, value: string): Promise<void> {
  const field = turn(page).getByRole('textbox', { name });
  await field.fill(value);
  await field.press('Enter');
}

test.describe('pose editor: turning a person', () => {
  test('turns the selected person by number, exports a 3D pose file, and one undo takes the turn back', async ({ page }) => {
    await openEditor(page);
    await expect(turn(page)).toHaveCount(0);
    await selectPerson(page);
    await expect(page.getByText('1 selected')).toBeVisible();
    await setField(page, 'Yaw°', '90');

    const turned = await exportJson(page);
    const person = turned.people[0]!;
    const [right, left] = [pointOf(person.pose_keypoints_2d, RIGHT_SHOULDER), pointOf(person.pose_keypoints_2d, 5)];
    // Seen from the side, the shoulders stand one behind the other; the far ear is not reported.
    expect(Math.abs(right.x - left.x)).toBeLessThan(1);
    expect(pointOf(person.pose_keypoints_2d, LEFT_EAR).c).toBe(0);
    const depth = person.pose_keypoints_3d!;
    expect(depth).toHaveLength(18 * 4);
    // The 3D keys agree with the 2D ones, and the upper arm keeps its length in 3D.
    expect(depth.slice(RIGHT_SHOULDER * 4, RIGHT_SHOULDER * 4 + 2)).toEqual([right.x, right.y]);
    const bone = (i: number, j: number) =>
      Math.hypot(depth[j * 4]! - depth[i * 4]!, depth[j * 4 + 1]! - depth[i * 4 + 1]!, depth[j * 4 + 2]! - depth[i * 4 + 2]!);
    const [[sx, sy], [ex, ey]] = [DEFAULT_BODY[RIGHT_SHOULDER]!, DEFAULT_BODY[RIGHT_ELBOW]!];
    expect(bone(RIGHT_SHOULDER, RIGHT_ELBOW)).toBeCloseTo(Math.hypot(ex - sx, ey - sy), 0);

    await setField(page, 'Pitch°', '30');
    const pitched = (await exportJson(page)).people[0]!;
    expect(pitched.pose_keypoints_2d).not.toEqual(person.pose_keypoints_2d);
    await expect(turn(page).getByRole('textbox', { name: 'Pitch°' })).toHaveValue('30');

    // Each change is one undo step.
    await page.keyboard.press('Control+z');
    expect((await exportJson(page)).people[0]!.pose_keypoints_2d).toEqual(person.pose_keypoints_2d);
    await expect(turn(page).getByRole('textbox', { name: 'Pitch°' })).toHaveValue('0');
    await page.keyboard.press('Control+z');
    const back = (await exportJson(page)).people[0]!;
    expect(back.pose_keypoints_3d).toBeUndefined();
    back.pose_keypoints_2d.forEach((n, i) => expect(Math.abs(n - [...DEFAULT_BODY[Math.floor(i / 3)]!, 1][i % 3]!)).toBeLessThan(0.5));
  });

  test('a back view hides the face as an estimator would, and the toggle shows it again as one undoable edit', async ({ page }) => {
    await openEditor(page);
    await selectPerson(page);
    await expect(turn(page).getByRole('checkbox', { name: 'Hide facing away' })).toHaveCount(0);
    await setField(page, 'Yaw°', '180');
    const nose = async () => pointOf((await exportJson(page)).people[0]!.pose_keypoints_2d, 0).c;
    expect(await nose()).toBe(0);
    const toggle = turn(page).getByRole('checkbox', { name: 'Hide facing away' });
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    expect(await nose()).toBe(1);
    await page.keyboard.press('Control+z');
    await expect(toggle).toBeChecked();
    expect(await nose()).toBe(0);
  });
});
