import { expect, test, type Page } from '@playwright/test';
import { headsTall } from '../../src/editor/posing/proportions';
import type { OpenPoseJson } from '../../src/pose/json/openPoseJson';
import { DEFAULT_BODY, dragBy, exportJson, openEditor, pointOf, toPage, tool, zoomOf } from './editor.helpers';

const body = (i: number) => ({ x: DEFAULT_BODY[i]![0], y: DEFAULT_BODY[i]![1] });
const posing = (page: Page, label: string) => page.getByRole('toolbar', { name: 'Posing tools' }).getByRole('button', { name: label, exact: true });
const point = (json: OpenPoseJson, i: number, person = 0) => pointOf(json.people[person]!.pose_keypoints_2d, i);
const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
const [SHOULDER, ELBOW, WRIST, HIP, KNEE, ANKLE] = [2, 3, 4, 8, 9, 10];

async function click(page: Page, p: { x: number; y: number }) {
  const at = await toPage(page, p);
  await page.mouse.click(at.x, at.y);
}

async function expectUndoTo(page: Page, json: OpenPoseJson) {
  await page.keyboard.press('Control+z');
  expect(await exportJson(page)).toEqual(json);
}

test.describe('pose editor: posing like an artist', () => {
  test('a wrist drag keeps both arm bones long and the shoulder in place; with Alt only the wrist moves', async ({ page }) => {
    await openEditor(page);
    await expect(posing(page, 'Keep bone lengths')).toHaveAttribute('aria-pressed', 'true');
    const before = await exportJson(page);
    const zoom = await zoomOf(page);
    await dragBy(page, body(WRIST), 60, -90);
    const after = await exportJson(page);
    expect(point(after, SHOULDER)).toEqual(point(before, SHOULDER));
    expect(dist(point(after, ELBOW), point(before, ELBOW))).toBeGreaterThan(5);
    expect(Math.abs(dist(point(after, SHOULDER), point(after, ELBOW)) - dist(point(before, SHOULDER), point(before, ELBOW)))).toBeLessThan(0.5);
    expect(Math.abs(dist(point(after, ELBOW), point(after, WRIST)) - dist(point(before, ELBOW), point(before, WRIST)))).toBeLessThan(0.5);
    expect(point(after, WRIST).x).toBeCloseTo(body(WRIST).x + 60 / zoom, 0);
    expect(point(after, WRIST).y).toBeCloseTo(body(WRIST).y - 90 / zoom, 0);
    await expectUndoTo(page, before);

    await page.keyboard.down('Alt');
    await dragBy(page, body(WRIST), 60, -90);
    await page.keyboard.up('Alt');
    const free = await exportJson(page);
    const others = (flat: number[]) => flat.filter((_, i) => Math.floor(i / 3) !== WRIST);
    expect(others(free.people[0]!.pose_keypoints_2d)).toEqual(others(before.people[0]!.pose_keypoints_2d));
    expect(point(free, WRIST).x).toBeCloseTo(body(WRIST).x + 60 / zoom, 0);
    await expectUndoTo(page, before);
  });

  test('dragging the forearm of the selected person turns it about the elbow with its hand', async ({ page }) => {
    await openEditor(page);
    await click(page, body(WRIST));
    await tool(page, 'Hands: add, hide or show').click();
    const before = await exportJson(page);
    const mid = { x: (body(ELBOW).x + body(WRIST).x) / 2, y: (body(ELBOW).y + body(WRIST).y) / 2 };
    await dragBy(page, mid, 50, 0);
    const after = await exportJson(page);
    expect(point(after, ELBOW)).toEqual(point(before, ELBOW));
    expect(point(after, SHOULDER)).toEqual(point(before, SHOULDER));
    expect(dist(point(after, WRIST), point(before, WRIST))).toBeGreaterThan(10);
    const elbow = point(before, ELBOW);
    for (let i = 0; i < 21; i++) {
      const [was, now] = [pointOf(before.people[0]!.hand_right_keypoints_2d!, i), pointOf(after.people[0]!.hand_right_keypoints_2d!, i)];
      expect(dist(now, elbow)).toBeCloseTo(dist(was, elbow), 3);
    }
    expect(dist(point(after, WRIST), elbow)).toBeCloseTo(dist(point(before, WRIST), elbow), 3);
    await expectUndoTo(page, before);
  });

  test('a pinned ankle stays while the hips are dragged down; the knee bends and the leg keeps its lengths', async ({ page }) => {
    await openEditor(page);
    await click(page, body(ANKLE));
    await posing(page, 'Pin / unpin joint').click();
    await expect(posing(page, 'Pin / unpin joint')).toHaveAttribute('aria-pressed', 'true');
    const before = await exportJson(page);
    const zoom = await zoomOf(page);
    await dragBy(page, body(HIP), 0, 40);
    const after = await exportJson(page);
    expect(dist(point(after, ANKLE), point(before, ANKLE))).toBeLessThan(1e-3);
    expect(point(after, HIP).y).toBeCloseTo(point(before, HIP).y + 40 / zoom, 0);
    expect(dist(point(after, KNEE), point(before, KNEE))).toBeGreaterThan(5);
    for (const [a, b] of [
      [HIP, KNEE],
      [KNEE, ANKLE],
    ] as const) {
      expect(Math.abs(dist(point(after, a), point(after, b)) - dist(point(before, a), point(before, b)))).toBeLessThan(0.5);
    }
    await expectUndoTo(page, before);
  });

  test('the chibi preset makes the selected person about 3 heads tall without turning a bone', async ({ page }) => {
    await openEditor(page);
    await click(page, body(WRIST));
    const before = await exportJson(page);
    await posing(page, 'Proportions').click();
    await page.getByRole('dialog', { name: 'Proportions' }).getByRole('button', { name: 'Chibi proportions' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Proportions' })).toHaveCount(0);
    const after = await exportJson(page);
    const person = (json: OpenPoseJson) => ({ body: Array.from({ length: 18 }, (_, i) => ({ ...point(json, i), visible: point(json, i).c > 0 })) });
    expect(headsTall(person(before))).toBeGreaterThan(7);
    expect(headsTall(person(after))).toBeCloseTo(3, 1);
    const turn = (json: OpenPoseJson, a: number, b: number) => Math.atan2(point(json, b).y - point(json, a).y, point(json, b).x - point(json, a).x);
    expect(turn(after, ELBOW, WRIST)).toBeCloseTo(turn(before, ELBOW, WRIST), 6);
    expect(turn(after, HIP, KNEE)).toBeCloseTo(turn(before, HIP, KNEE), 6);
    await expectUndoTo(page, before);
  });

  test('sending the new person backward puts it first in the exported list', async ({ page }) => {
    await openEditor(page);
    await tool(page, 'Add person').click();
    const before = await exportJson(page);
    expect(before.people).toHaveLength(2);
    await posing(page, 'Send backward').click();
    const after = await exportJson(page);
    expect(after.people).toEqual([before.people[1], before.people[0]]);
    await expectUndoTo(page, before);
  });

  test('one finger on a touch screen drags a wrist with the bone lengths kept', async ({ browser }) => {
    const context = await browser.newContext({ hasTouch: true });
    const page = await context.newPage();
    await openEditor(page);
    const before = await exportJson(page);
    const start = await toPage(page, body(WRIST));
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<{ x: number; y: number }>) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
    await touch('touchStart', [start]);
    for (let i = 1; i <= 10; i++) await touch('touchMove', [{ x: start.x + 8 * i, y: start.y - 9 * i }]);
    await touch('touchEnd', []);
    const after = await exportJson(page);
    expect(dist(point(after, ELBOW), point(before, ELBOW))).toBeGreaterThan(5);
    expect(point(after, SHOULDER)).toEqual(point(before, SHOULDER));
    expect(Math.abs(dist(point(after, ELBOW), point(after, WRIST)) - dist(point(before, ELBOW), point(before, WRIST)))).toBeLessThan(0.5);
    await context.close();
  });
});
