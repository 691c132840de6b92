import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { unzipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { DEFAULT_BODY, dragBy, importFile, importFrameList, openEditor, zoomOf } from './editor.helpers';
import { SIZES } from './layout.helpers';
import { readWebm } from './support/webm';

const [ELBOW, WRIST] = [3, 4];
const LENGTH = 81;
const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
const area = (page: Page) => page.getByTestId('timeline-area');
const frameShown = async (page: Page) => Number(await timeline(page).getAttribute('data-frame'));
const keysOfFirst = (page: Page) => timeline(page).locator('.timeline-row').first().locator('.timeline-key');

/** Where frame f is on the timeline's area, on the page. */
async function frameX(page: Page, frame: number): Promise<{ x: number; y: number }> {
  const box = (await area(page).boundingBox())!;
  return { x: box.x + ((frame + 0.5) / LENGTH) * box.width, y: box.y + box.height - 8 };
}

async function goToFrame(page: Page, frame: number): Promise<void> {
  const at = await frameX(page, frame);
  await page.mouse.click(at.x, at.y);
  await expect(timeline(page)).toHaveAttribute('data-frame', String(frame));
}

async function download(page: Page, label: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), timeline(page).getByRole('button', { name: label }).click()]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

const point = (flat: number[], i: number) => ({ x: flat[3 * i]!, y: flat[3 * i + 1]! });
const forearm = (frame: { people: Array<{ pose_keypoints_2d: number[] }> }) => {
  const [e, w] = [point(frame.people[0]!.pose_keypoints_2d, ELBOW), point(frame.people[0]!.pose_keypoints_2d, WRIST)];
  return Math.hypot(w.x - e.x, w.y - e.y);
};

test.describe('pose editor: motion', () => {
  test('three keys posed, played, scrubbed, a key moved and undone; exported as POSE_KEYPOINT, OpenPose and depth PNG frames and video', async ({ page }) => {
    test.setTimeout(120_000);
    await openEditor(page);
    await expect(timeline(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Timeline', exact: true }).click();
    await expect(timeline(page)).toHaveAttribute('data-length', String(LENGTH));

    // Three keys: the wrist dragged at frame 0, 40 and 80 (frames 40 and 80 become keys by being posed there).
    const zoom = await zoomOf(page);
    let wrist = { x: DEFAULT_BODY[WRIST]![0], y: DEFAULT_BODY[WRIST]![1] };
    for (const [frame, dx, dy] of [
      [0, 40, -60],
      [40, -80, -40],
      [80, 60, 90],
    ] as const) {
      await goToFrame(page, frame);
      await dragBy(page, wrist, dx, dy);
      wrist = { x: wrist.x + dx / zoom, y: wrist.y + dy / zoom };
    }
    await expect(keysOfFirst(page)).toHaveCount(3);
    expect(await keysOfFirst(page).evaluateAll((keys) => keys.map((k) => k.getAttribute('data-frame')))).toEqual(['0', '40', '80']);

    // Played with the keyboard and paused: the frame moves on by itself.
    await goToFrame(page, 0);
    await page.keyboard.press('/');
    await expect.poll(() => frameShown(page)).toBeGreaterThan(5);
    await page.keyboard.press('/');
    const paused = await frameShown(page);
    await page.waitForTimeout(300);
    expect(await frameShown(page)).toBe(paused);
    // Frame by frame with the keyboard.
    await page.keyboard.press('.');
    await expect(timeline(page)).toHaveAttribute('data-frame', String(paused + 1));

    // Scrubbed by dragging along the timeline.
    const [from, to] = [await frameX(page, 2), await frameX(page, 60)];
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
    await expect(timeline(page)).toHaveAttribute('data-frame', '60');

    // The key at 40 dragged to 50, then undone.
    const key40 = keysOfFirst(page).nth(1);
    const keyBox = (await key40.boundingBox())!;
    const at50 = await frameX(page, 50);
    await page.mouse.move(keyBox.x + keyBox.width / 2, keyBox.y + keyBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(at50.x, keyBox.y + keyBox.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => keysOfFirst(page).evaluateAll((keys) => keys.map((k) => k.getAttribute('data-frame')))).toEqual(['0', '50', '80']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => keysOfFirst(page).evaluateAll((keys) => keys.map((k) => k.getAttribute('data-frame')))).toEqual(['0', '40', '80']);

    // POSE_KEYPOINT of every frame: 81 frames, the forearm's length the same on every frame (bones turn, never stretch).
    const json = await download(page, 'POSE_KEYPOINT frames');
    const frames = JSON.parse(json.bytes.toString('utf8')) as Array<{ people: Array<{ pose_keypoints_2d: number[] }>; canvas_width: number }>;
    expect(frames).toHaveLength(LENGTH);
    expect(frames.every((f) => f.people.length === 1 && f.canvas_width === 400)).toBe(true);
    for (const f of frames) expect(Math.abs(forearm(f) - forearm(frames[0]!))).toBeLessThan(0.01);
    expect(point(frames[20]!.people[0]!.pose_keypoints_2d, WRIST)).not.toEqual(point(frames[0]!.people[0]!.pose_keypoints_2d, WRIST));

    // A ZIP of 81 OpenPose and 81 depth PNG frames at the canvas size, each kind in its folder under the same names.
    const zip = await download(page, 'PNG frames (ZIP)');
    const files = unzipSync(new Uint8Array(zip.bytes));
    const inFolder = (folder: string) =>
      Object.keys(files)
        .filter((name) => name.startsWith(`${folder}/`))
        .sort();
    const [openposeNames, depthNames] = [inFolder('openpose'), inFolder('depth')];
    expect(Object.keys(files)).toHaveLength(2 * LENGTH);
    expect(openposeNames).toHaveLength(LENGTH);
    expect(openposeNames[0]).toBe('openpose/frame_00000.png');
    expect(depthNames.map((name) => name.replace('depth/', 'openpose/'))).toEqual(openposeNames);
    for (const name of [...[0, 40, 80].map((i) => openposeNames[i]!), ...[0, 40, 80].map((i) => depthNames[i]!)]) {
      const png = PNG.sync.read(Buffer.from(files[name]!));
      expect([png.width, png.height]).toEqual([400, 600]);
    }
    // The depth frame is lit where that frame's body is (its neck, and its wrist, which moves) and black away from it.
    for (const i of [0, 40, 80]) {
      const depth = PNG.sync.read(Buffer.from(files[depthNames[i]!]!));
      const grey = (at: { x: number; y: number }) => depth.data[(Math.round(at.y) * depth.width + Math.round(at.x)) * 4]!;
      const flat = frames[i]!.people[0]!.pose_keypoints_2d;
      expect(grey(point(flat, 1))).toBeGreaterThan(40);
      expect(grey(point(flat, WRIST))).toBeGreaterThan(40);
      expect(grey({ x: 2, y: 2 })).toBe(0);
    }

    // A WebM video of 81 frames at the canvas size.
    const video = await download(page, 'Video (WebM)');
    expect(video.name).toBe('pose.webm');
    expect(readWebm(new Uint8Array(video.bytes))).toEqual({ width: 400, height: 600, frames: LENGTH });
  });

  test('with a figure chosen, key edits act on its keys only; with none, on every figure; each undoable', async ({ page }) => {
    await openEditor(page);
    const body = (dx: number) => DEFAULT_BODY.flatMap(([x, y]) => [x + dx, y, 1]);
    const pose = { people: [{ pose_keypoints_2d: body(-80) }, { pose_keypoints_2d: body(80) }], canvas_width: 400, canvas_height: 600 };
    await importFile(page, { name: 'two.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(pose)) });
    await page.getByRole('button', { name: 'Timeline', exact: true }).click();
    const rows = timeline(page).locator('.timeline-row');
    await expect(rows).toHaveCount(2);
    const keys = async () =>
      rows.evaluateAll((list) => list.map((row) => [...row.querySelectorAll('.timeline-key')].map((k) => Number(k.getAttribute('data-frame')))));
    const scope = timeline(page).locator('.timeline-scope');
    const button = (name: string) => timeline(page).getByRole('button', { name, exact: true });

    // Nothing selected: a key is added for both.
    await page.keyboard.press('Escape');
    await expect(scope).toHaveText('Key edits: every figure');
    await goToFrame(page, 30);
    await button('Add key at this frame').click();
    await expect.poll(keys).toEqual([
      [0, 30],
      [0, 30],
    ]);

    // The second row chosen: it selects that person, and keys are added, deleted and undone on that person alone.
    const second = timeline(page).locator('.timeline-label').nth(1);
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await expect(scope).toHaveText('Key edits: the selected figures (1)');
    await goToFrame(page, 50);
    await page.keyboard.press('Shift+K');
    await expect.poll(keys).toEqual([
      [0, 30],
      [0, 30, 50],
    ]);
    await goToFrame(page, 30);
    await button('Delete keys at this frame').click();
    await expect.poll(keys).toEqual([
      [0, 30],
      [0, 50],
    ]);
    await page.keyboard.press('Control+z');
    await expect.poll(keys).toEqual([
      [0, 30],
      [0, 30, 50],
    ]);

    // Copied and pasted with the second person chosen: only their key reaches frame 70.
    await button('Copy key').click();
    await goToFrame(page, 70);
    await button('Paste key').click();
    await expect.poll(keys).toEqual([
      [0, 30],
      [0, 30, 50, 70],
    ]);

    // Nothing selected again: a delete at 30 acts on both.
    await page.keyboard.press('Escape');
    await expect(scope).toHaveText('Key edits: every figure');
    await goToFrame(page, 30);
    await button('Delete keys at this frame').click();
    await expect.poll(keys).toEqual([[0], [0, 50, 70]]);

    // A reload opens the document at the frame it showed, with its keys.
    await goToFrame(page, 50);
    await page.reload();
    await page.getByRole('button', { name: 'Timeline', exact: true }).click();
    await expect(timeline(page)).toHaveAttribute('data-frame', '50');
    await expect.poll(keys).toEqual([[0], [0, 50, 70]]);
  });

  test('a list of POSE_KEYPOINT frames opens as a sequence, one key a frame', async ({ page }) => {
    await openEditor(page);
    await importFrameList(page, 5, 5);
    await page.getByRole('button', { name: 'Timeline', exact: true }).click();
    await expect(timeline(page)).toHaveAttribute('data-length', '5');
    await expect(keysOfFirst(page)).toHaveCount(5);
    await expect(timeline(page).locator('.timeline-row')).toHaveCount(1);
  });

  test('the open timeline has no serious accessibility fault, in English and Chinese', async ({ page }) => {
    for (const lng of ['en', 'zh']) {
      await page.goto(`/edit?lng=${lng}`);
      await expect(page.getByRole('application')).toHaveAttribute('data-view', /\d/);
      await page.keyboard.press('Shift+T');
      await expect(page.locator('.timeline')).toBeVisible();
      if (lng === 'zh') await expect(page.locator('.timeline-frame')).toContainText('第 0 帧');
      // The ruler's first and last labels ("0" and "80" on 81 frames) lie whole inside it.
      const ruler = (await page.locator('.timeline-ruler').boundingBox())!;
      for (const tick of [page.locator('.timeline-tick').first(), page.locator('.timeline-tick').last()]) {
        const box = (await tick.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(ruler.x);
        expect(box.x + box.width).toBeLessThanOrEqual(ruler.x + ruler.width + 0.5);
      }
      const { violations } = await new AxeBuilder({ page }).include('.timeline').analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    }
  });

  test('at tablet size, one finger scrubs the timeline', async ({ browser }) => {
    const page = await (await browser.newContext(SIZES.medium)).newPage();
    await openEditor(page);
    await page.getByRole('button', { name: 'Timeline', exact: true }).tap();
    await expect(timeline(page)).toBeVisible();
    // The page settles around the new panel first (the canvas is fitted again above it).
    let last = '';
    await expect
      .poll(
        async () => {
          const now = JSON.stringify(await area(page).boundingBox());
          const still = now === last;
          last = now;
          return still;
        },
        { intervals: [300] },
      )
      .toBe(true);
    const [from, to] = [await frameX(page, 0), await frameX(page, 30)];
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<{ x: number; y: number }>) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
    await touch('touchStart', [from]);
    for (let i = 1; i <= 10; i++) await touch('touchMove', [{ x: from.x + ((to.x - from.x) * i) / 10, y: from.y }]);
    // Touch moves reach the page once a frame: the finger is lifted after its last move has arrived.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await touch('touchEnd', []);
    await expect(timeline(page)).toHaveAttribute('data-frame', '30');
    // The canvas is still there to pose on, above the timeline.
    const stageBox = (await page.getByRole('application', { name: /Pose canvas/ }).boundingBox())!;
    expect(stageBox.y + stageBox.height).toBeLessThanOrEqual((await timeline(page).boundingBox())!.y + 1);
  });
});
