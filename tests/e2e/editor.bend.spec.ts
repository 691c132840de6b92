import { expect, test, type Browser, type Page } from '@playwright/test';
import type { OpenPoseJson } from '../../src/pose/json/openPoseJson';
import { DEFAULT_BODY, openEditor, pointOf, toPage, zoomOf } from './editor.helpers';
import { exportAnywhere as exportJson, SIZES } from './layout.helpers';
import { fingerPointer, mousePointer, type Pointer } from './pointer.helpers';

const [NOSE, SHOULDER, ELBOW, WRIST] = [0, 2, 3, 4];
type Point = { x: number; y: number };
const body = (i: number): Point => ({ x: DEFAULT_BODY[i]![0], y: DEFAULT_BODY[i]![1] });
const point = (doc: OpenPoseJson, i: number): Point => pointOf(doc.people[0]!.pose_keypoints_2d, i);
const d2 = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const posing = (page: Page, label: string) => page.getByRole('toolbar', { name: 'Posing tools' }).getByRole('button', { name: label, exact: true });
const yawField = (page: Page) => page.getByRole('group', { name: 'Turn' }).getByRole('textbox', { name: 'Yaw°' });
const status = (page: Page) => page.locator('.editor-status-hint');

/** How far the right elbow lies below the shoulder-wrist line (px, down positive), at the elbow's x. */
function elbowBelowLine(doc: OpenPoseJson): number {
  const [s, e, w] = [point(doc, SHOULDER), point(doc, ELBOW), point(doc, WRIST)];
  return e.y - (s.y + ((w.y - s.y) * (e.x - s.x)) / (w.x - s.x));
}

/** Which side of the shoulder-wrist line the right elbow lies (the sign of the cross product). */
function bendSide(doc: OpenPoseJson): number {
  const [s, e, w] = [point(doc, SHOULDER), point(doc, ELBOW), point(doc, WRIST)];
  return Math.sign((e.x - s.x) * (w.y - s.y) - (e.y - s.y) * (w.x - s.x));
}

/** The page point of the current right wrist (or any joint) of the exported pose. */
const at = async (page: Page, doc: OpenPoseJson, i: number) => toPage(page, point(doc, i));

/** Both arm bones keep their lengths (2D: the pose has no depth). */
function expectArmLengths(doc: OpenPoseJson): void {
  expect(d2(point(doc, SHOULDER), point(doc, ELBOW))).toBeCloseTo(d2(body(SHOULDER), body(ELBOW)), 1);
  expect(d2(point(doc, ELBOW), point(doc, WRIST))).toBeCloseTo(d2(body(ELBOW), body(WRIST)), 1);
}

/** Raises the right wrist up and in (the elbow bends clearly) and returns the pose. */
async function bendArm(page: Page, pointer: Pointer): Promise<OpenPoseJson> {
  const zoom = await zoomOf(page);
  await pointer.drag(await toPage(page, body(WRIST)), 20 * zoom, -100 * zoom);
  const bent = await exportJson(page);
  expect(Math.abs(bendSide(bent))).toBe(1);
  return bent;
}

const cases: Array<[string, (browser: Browser) => Promise<{ page: Page; pointer: Pointer; close(): Promise<void> }>]> = [
  [
    'desktop mouse',
    async (browser) => {
      const context = await browser.newContext(SIZES.wide);
      const page = await context.newPage();
      return { page, pointer: mousePointer(page), close: () => context.close() };
    },
  ],
  [
    '820 x 1180 touch screen',
    async (browser) => {
      const context = await browser.newContext(SIZES.medium);
      const page = await context.newPage();
      return { page, pointer: await fingerPointer(context, page), close: () => context.close() };
    },
  ],
];

for (const [name, open] of cases) {
  test.describe(`a limb bends the way it was bent (${name})`, () => {
    test('the hanging wrist pulled out to the side keeps the elbow below the shoulder-wrist line', async ({ browser }) => {
      const { page, pointer, close } = await open(browser);
      await openEditor(page);
      const zoom = await zoomOf(page);
      await pointer.drag(await toPage(page, body(WRIST)), -70 * zoom, -50 * zoom);
      const out = await exportJson(page);
      expect(point(out, WRIST).x).toBeLessThan(body(WRIST).x - 60);
      expect(elbowBelowLine(out)).toBeGreaterThan(10);
      expectArmLengths(out);
      await close();
    });

    test('a long drag of the wrist up past the face and back never flips the elbow', async ({ browser }) => {
      const { page, pointer, close } = await open(browser);
      await openEditor(page);
      // Out to the side, up past the face, over the head, and back down: one drag, then the same again in steps.
      const [s, nose] = [body(SHOULDER), body(NOSE)];
      const path = [
        { x: s.x - 110, y: s.y + 40 },
        { x: s.x - 90, y: s.y - 60 },
        { x: nose.x - 10, y: nose.y - 30 },
        { x: s.x - 60, y: s.y - 90 },
        { x: s.x - 110, y: s.y + 40 },
      ];
      const pagePath = await Promise.all(path.map((p) => toPage(page, p)));
      await pointer.along(await toPage(page, body(WRIST)), pagePath);
      const back = await exportJson(page);
      expect(d2(point(back, WRIST), path[4]!)).toBeLessThan(2);
      expect(elbowBelowLine(back)).toBeGreaterThan(10);
      const side = bendSide(back);
      // Each leg of the path its own drag: the elbow keeps its side through every one of them.
      let from = point(back, WRIST);
      for (const to of path) {
        await pointer.drag(await toPage(page, from), ...(await offset(page, from, to)));
        const now = await exportJson(page);
        expect(bendSide(now), JSON.stringify(to)).toBe(side);
        expectArmLengths(now);
        from = point(now, WRIST);
      }
      await close();
    });

    test("Flip bend from the elbow's menu mirrors the elbow across the shoulder-wrist line, both bones kept", async ({ browser }) => {
      const { page, pointer, close } = await open(browser);
      await openEditor(page);
      const bent = await bendArm(page, pointer);
      await pointer.menu(await at(page, bent, ELBOW));
      await page
        .getByRole('menu')
        .getByRole('menuitem', { name: /^Flip bend/ })
        .click();
      const flipped = await exportJson(page);
      expect(bendSide(flipped)).toBe(-bendSide(bent));
      expect(point(flipped, WRIST)).toEqual(point(bent, WRIST));
      expect(point(flipped, SHOULDER)).toEqual(point(bent, SHOULDER));
      expectArmLengths(flipped);
      await close();
    });

    test('with the wrist pinned, the elbow dragged aside swings about the shoulder-wrist line; the wrist stays', async ({ browser }) => {
      const { page, pointer, close } = await open(browser);
      await openEditor(page);
      const bent = await bendArm(page, pointer);
      await pointer.tap(await at(page, bent, WRIST));
      await posing(page, 'Pin / unpin joint').click();
      await expect(posing(page, 'Pin / unpin joint')).toHaveAttribute('aria-pressed', 'true');
      const zoom = await zoomOf(page);
      const elbow = point(bent, ELBOW);
      await pointer.drag(await toPage(page, elbow), 25 * zoom, 0);
      const swung = await exportJson(page);
      expect(d2(point(swung, WRIST), point(bent, WRIST))).toBeLessThan(1e-3);
      expect(point(swung, ELBOW).x - elbow.x).toBeGreaterThan(10);
      const k = swung.people[0]!.pose_keypoints_3d!;
      const d3 = (i: number, j: number) => Math.hypot(k[4 * i]! - k[4 * j]!, k[4 * i + 1]! - k[4 * j + 1]!, k[4 * i + 2]! - k[4 * j + 2]!);
      expect(d3(SHOULDER, ELBOW)).toBeCloseTo(d2(body(SHOULDER), body(ELBOW)), 1);
      expect(d3(ELBOW, WRIST)).toBeCloseTo(d2(body(ELBOW), body(WRIST)), 1);
      await close();
    });

    test('the Yaw field follows the turn handle while it is dragged', async ({ browser }) => {
      const { page, pointer, close } = await open(browser);
      await openEditor(page);
      const handle = await turnHandle(page, pointer, await exportJson(page));
      const seen: string[] = [];
      await pointer.drag(handle.at, handle.span / 6, 0, async () => {
        await expect(yawField(page)).not.toHaveValue('0');
        seen.push(await yawField(page).inputValue());
      });
      // A sixth of the frame across is a twelfth of a turn; the field showed it before the release.
      expect(Number(seen[0])).toBeGreaterThan(20);
      await expect(yawField(page)).toHaveValue(seen[0]!);
      await close();
    });

    test('a pinned wrist stays where it is through a turn by the handle, the arm bending to keep it', async ({ browser }) => {
      const { page, pointer, close } = await open(browser);
      await openEditor(page);
      const bent = await bendArm(page, pointer);
      await pointer.tap(await at(page, bent, WRIST));
      await posing(page, 'Pin / unpin joint').click();
      await expect(posing(page, 'Pin / unpin joint')).toHaveAttribute('aria-pressed', 'true');
      const handle = await turnHandle(page, pointer, bent);
      await pointer.drag(handle.at, handle.span / 6, 0);
      const turned = await exportJson(page);
      expect(Number(await yawField(page).inputValue())).toBeGreaterThan(5);
      expect(d2(point(turned, WRIST), point(bent, WRIST))).toBeLessThan(1e-3);
      // The other wrist turned with the body.
      expect(d2(point(turned, 7), point(bent, 7))).toBeGreaterThan(5);
      await close();
    });

    test('the status line says why a drag cannot move: a pinned joint', async ({ browser }) => {
      const { page, pointer, close } = await open(browser);
      await openEditor(page);
      await pointer.tap(await toPage(page, body(WRIST)));
      await posing(page, 'Pin / unpin joint').click();
      const zoom = await zoomOf(page);
      await pointer.drag(await toPage(page, body(WRIST)), 30 * zoom, 0, async () => {
        await expect(status(page)).toHaveText('This joint is pinned: unpin it (N) to move it.');
      });
      await close();
    });
  });
}

/** Selects the person (by their thigh) and finds their turn handle: above the frame's top-left corner; `span` is the frame's size on the page. */
async function turnHandle(page: Page, pointer: Pointer, doc: OpenPoseJson): Promise<{ at: Point; span: number }> {
  const thigh = { x: (DEFAULT_BODY[8]![0] + DEFAULT_BODY[9]![0]) / 2, y: (DEFAULT_BODY[8]![1] + DEFAULT_BODY[9]![1]) / 2 };
  await pointer.tap(await toPage(page, thigh));
  await expect(page.getByText('1 selected')).toBeVisible();
  const shown = Array.from({ length: 18 }, (_, i) => point(doc, i)).filter((_, i) => doc.people[0]!.pose_keypoints_2d[3 * i + 2]! > 0);
  const [xs, ys] = [shown.map((p) => p.x), shown.map((p) => p.y)];
  const corner = await toPage(page, { x: Math.min(...xs), y: Math.min(...ys) });
  const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) * (await zoomOf(page));
  return { at: { x: corner.x - 10, y: corner.y - 36 }, span };
}

/** The screen offset from one document point to another. */
async function offset(page: Page, from: Point, to: Point): Promise<[number, number]> {
  const [a, b] = [await toPage(page, from), await toPage(page, to)];
  return [b.x - a.x, b.y - a.y];
}
