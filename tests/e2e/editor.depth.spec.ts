import { expect, test, type Page } from '@playwright/test';
import type { OpenPoseJson } from '../../src/pose/json/openPoseJson';
import { DEFAULT_BODY, openEditor, pointOf, stage, toPage, zoomOf } from './editor.helpers';
import { exportAnywhere as exportJson, SIZES } from './layout.helpers';
import { fingerPointer, mousePointer, type Pointer } from './pointer.helpers';

const [RIGHT_SHOULDER, RIGHT_ELBOW, RIGHT_WRIST, LEFT_SHOULDER] = [2, 3, 4, 5];
const turnField = (page: Page, name: string) => page.getByRole('group', { name: 'Turn' }).getByRole('textbox', { name });
const sideView = (page: Page) => page.getByRole('figure', { name: 'Side view' });
const sideButton = (page: Page) => page.getByRole('toolbar', { name: 'Posing tools' }).getByRole('button', { name: 'Side view' });
const thigh = { x: (DEFAULT_BODY[8]![0] + DEFAULT_BODY[9]![0]) / 2, y: (DEFAULT_BODY[8]![1] + DEFAULT_BODY[9]![1]) / 2 };
const wrist = { x: DEFAULT_BODY[RIGHT_WRIST]![0], y: DEFAULT_BODY[RIGHT_WRIST]![1] };
const FOREARM = Math.hypot(DEFAULT_BODY[RIGHT_WRIST]![0] - DEFAULT_BODY[RIGHT_ELBOW]![0], DEFAULT_BODY[RIGHT_WRIST]![1] - DEFAULT_BODY[RIGHT_ELBOW]![1]);

type Point3 = { x: number; y: number; z: number };
const body3d = (doc: OpenPoseJson, i: number): Point3 => {
  const k = doc.people[0]!.pose_keypoints_3d!;
  return { x: k[4 * i]!, y: k[4 * i + 1]!, z: k[4 * i + 2]! };
};
const d3 = (a: Point3, b: Point3) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
const d2 = (a: Point3, b: Point3) => Math.hypot(a.x - b.x, a.y - b.y);

/** The box around every shown 2D point of the first person, in document pixels (what the selection frame surrounds). */
function personBox(doc: OpenPoseJson) {
  const p = doc.people[0]!;
  const lists = [p.pose_keypoints_2d, p.hand_left_keypoints_2d, p.hand_right_keypoints_2d, p.face_keypoints_2d, p.foot_keypoints_2d];
  const points = lists.flatMap((flat) => Array.from({ length: (flat?.length ?? 0) / 3 }, (_, i) => pointOf(flat!, i)).filter((q) => q.c > 0));
  const [xs, ys] = [points.map((q) => q.x), points.map((q) => q.y)];
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/** Where the turn handle is on the page: above the frame's top-left corner (10 px frame padding, 26 px up). */
async function turnHandle(page: Page, doc: OpenPoseJson) {
  const box = personBox(doc);
  const corner = await toPage(page, { x: box.minX, y: box.minY });
  return { at: { x: corner.x - 10, y: corner.y - 10 - 26 }, span: Math.max(box.maxX - box.minX, box.maxY - box.minY) };
}

/** Where a side view joint is on the page. */
async function sideJoint(page: Page, index: number) {
  const b = (await sideView(page).locator(`circle[data-joint="${index}"]`).boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Turns the person a quarter turn by the handle and checks the drawing, the 3D keys and the fields; then 30° by number. */
async function turnByHandleAndNumber(page: Page, pointer: Pointer): Promise<void> {
  await pointer.tap(await toPage(page, thigh));
  await expect(page.getByText('1 selected')).toBeVisible();
  const { at, span } = await turnHandle(page, await exportJson(page));
  await pointer.drag(at, (span * (await zoomOf(page))) / 2, 0);
  await expect(turnField(page, 'Yaw°')).toHaveValue('90');
  await expect(turnField(page, 'Pitch°')).toHaveValue('0');
  const turned = await exportJson(page);
  const [right, left] = [body3d(turned, RIGHT_SHOULDER), body3d(turned, LEFT_SHOULDER)];
  expect(Math.abs(right.x - left.x)).toBeLessThan(1);
  const [[sx, sy], [ex, ey]] = [DEFAULT_BODY[RIGHT_SHOULDER]!, DEFAULT_BODY[RIGHT_ELBOW]!];
  expect(d3(body3d(turned, RIGHT_SHOULDER), body3d(turned, RIGHT_ELBOW))).toBeCloseTo(Math.hypot(ex - sx, ey - sy), 0);
  await turnField(page, 'Yaw°').fill('30');
  await turnField(page, 'Yaw°').press('Enter');
  const byNumber = await exportJson(page);
  expect(d3(body3d(byNumber, RIGHT_SHOULDER), body3d(byNumber, LEFT_SHOULDER))).toBeCloseTo(d3(right, left), 3);
  expect(Math.abs(body3d(byNumber, RIGHT_SHOULDER).x - body3d(byNumber, LEFT_SHOULDER).x)).toBeGreaterThan(50);
  // Each is one undo step: two undos give the person as drawn at first, without depth.
  await page.keyboard.press('Control+z');
  await expect(turnField(page, 'Yaw°')).toHaveValue('90');
  await page.keyboard.press('Control+z');
  expect((await exportJson(page)).people[0]!.pose_keypoints_3d).toBeUndefined();
}

/** A fingerprint (FNV-1a) of the pixels of every canvas layer of the stage in a 24 px square around a page point. */
function canvasAround(page: Page, at: { x: number; y: number }): Promise<number> {
  return stage(page).evaluate((element, p) => {
    let hash = 0x811c9dc5;
    for (const canvas of Array.from(element.querySelectorAll('canvas'))) {
      const box = canvas.getBoundingClientRect();
      const scale = canvas.width / box.width;
      const [x, y] = [Math.round((p.x - box.left) * scale) - 12, Math.round((p.y - box.top) * scale) - 12];
      for (const byte of canvas.getContext('2d')!.getImageData(x, y, 24, 24).data) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
    }
    return hash;
  }, at);
}

/** Pushes the right wrist toward the viewer in the side view (selected first on the canvas: seen from the side it lies over the hip); the forearm keeps its length in 3D and is drawn shorter. */
async function pushInSideView(page: Page, pointer: Pointer): Promise<void> {
  await pointer.tap(await toPage(page, wrist));
  await expect(page.getByText('Person 1 · Right wrist')).toBeVisible();
  await sideButton(page).click();
  await expect(sideView(page)).toBeVisible();
  // The same action by its shortcut: Shift+D closes the side view and opens it again.
  await page.keyboard.press('Shift+D');
  await expect(sideView(page)).toBeHidden();
  await page.keyboard.press('Shift+D');
  await expect(sideView(page)).toBeVisible();
  const from = await sideJoint(page, RIGHT_WRIST);
  const wristY = page.getByRole('group', { name: 'Selected joint' }).getByRole('textbox', { name: 'Y' });
  const [yBefore, onCanvas] = [await wristY.inputValue(), await toPage(page, wrist)];
  const drawnBefore = await canvasAround(page, onCanvas);
  await pointer.drag(from, 30, 0, async () => {
    // Before the pointer is lifted, the canvas already draws the wrist where the push takes it.
    await expect(wristY).not.toHaveValue(yBefore);
    await expect.poll(() => canvasAround(page, onCanvas)).not.toBe(drawnBefore);
  });
  const pushed = await exportJson(page);
  const [elbow, hand] = [body3d(pushed, RIGHT_ELBOW), body3d(pushed, RIGHT_WRIST)];
  expect(hand.z - elbow.z).toBeGreaterThan(10);
  expect(d3(elbow, hand)).toBeCloseTo(FOREARM, 1);
  expect(d2(elbow, hand)).toBeLessThan(FOREARM - 1);
  // The wrist stays where the finger or mouse left it in the side view, and the drag was one undo step.
  expect((await sideJoint(page, RIGHT_WRIST)).x).toBeCloseTo(from.x + 30, -1);
  await page.keyboard.press('Control+z');
  expect((await exportJson(page)).people[0]!.pose_keypoints_3d).toBeUndefined();
}

test.describe('pose editor: depth', () => {
  test('turns a person by the handle (Escape cancels a drag) and by number', async ({ page }) => {
    await openEditor(page);
    await turnByHandleAndNumber(page, mousePointer(page));
    // A drag on the handle that Escape cancels leaves the person as they were.
    await page.mouse.click((await toPage(page, thigh)).x, (await toPage(page, thigh)).y);
    const before = await exportJson(page);
    const { at } = await turnHandle(page, before);
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + 80, at.y + 40, { steps: 5 });
    await page.keyboard.press('Escape');
    await page.mouse.up();
    expect(await exportJson(page)).toEqual(before);
  });

  test('pushes a wrist in the side view, by Ctrl+drag and by Alt+wheel', async ({ page }) => {
    await openEditor(page);
    await page.mouse.click((await toPage(page, thigh)).x, (await toPage(page, thigh)).y);
    await pushInSideView(page, mousePointer(page));

    const zoom = await zoomOf(page);
    const start = await toPage(page, wrist);
    await page.keyboard.down('Control');
    await mousePointer(page).drag(start, 0, -40);
    await page.keyboard.up('Control');
    const pushed = await exportJson(page);
    const [elbow, hand] = [body3d(pushed, RIGHT_ELBOW), body3d(pushed, RIGHT_WRIST)];
    expect(hand.z - elbow.z).toBeCloseTo(40 / zoom, 0);
    expect(d3(elbow, hand)).toBeCloseTo(FOREARM, 1);

    // The wrist is now selected: Alt+wheel over it pushes it further (wheel up: toward the viewer).
    const now = await toPage(page, hand);
    await page.mouse.move(now.x, now.y);
    await page.keyboard.down('Alt');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Alt');
    await expect.poll(async () => body3d(await exportJson(page), RIGHT_WRIST).z - elbow.z).toBeGreaterThan(hand.z - elbow.z + 5);
    expect(await zoomOf(page)).toBe(zoom);
  });

  test('on a tablet, one finger turns a person by the handle and pushes a wrist in the side view', async ({ browser }) => {
    const context = await browser.newContext(SIZES.medium);
    const page = await context.newPage();
    await openEditor(page);
    const finger = await fingerPointer(context, page);
    await turnByHandleAndNumber(page, finger);
    await pushInSideView(page, finger);
    await context.close();
  });

  for (const lng of ['en', 'zh'] as const) {
    test(`on a phone the side view's caption (${lng}) keeps its title and the viewer's side apart, within the panel`, async ({ browser }) => {
      const context = await browser.newContext(SIZES.narrow);
      const page = await context.newPage();
      await openEditor(page);
      // Pick the person (the view may still settle while the page's late parts load) and open the side view.
      await expect(async () => {
        const at = await toPage(page, thigh);
        await page.touchscreen.tap(at.x, at.y);
        await sideButton(page).tap();
        await expect(sideView(page)).toBeVisible({ timeout: 1000 });
      }).toPass();
      if (lng === 'zh') await page.getByRole('group', { name: 'Language' }).locator('button[lang="zh"]').tap();
      const figure = page.getByRole('figure', { name: lng === 'en' ? 'Side view' : '侧视图' });
      await expect(figure).toBeVisible();
      const [title, viewer] = await figure
        .locator('figcaption span')
        .evaluateAll((spans) => spans.map((span) => span.getBoundingClientRect().toJSON() as DOMRect));
      const drawing = (await figure.locator('svg').boundingBox())!;
      // Apart: a gap between them on one line, or the viewer's side on a line of its own.
      expect(viewer!.left >= title!.right + 4 || viewer!.top >= title!.bottom - 1, JSON.stringify({ title, viewer })).toBe(true);
      // The caption wraps rather than widening the panel past its drawing.
      expect(viewer!.right).toBeLessThanOrEqual(drawing.x + drawing.width + 1);
      await context.close();
    });
  }
});
