import fs from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import {
  attachDefaultFace,
  attachDefaultFeet,
  attachDefaultHand,
  createDefaultAnimal,
  createDefaultPerson,
  createDefaultPoseDocument,
  poseFromPng,
  rasterizeOpenPose,
  stringifyPoseExport,
  type PoseDocument,
} from '../../src/pose';
import { corpusPath } from '../unit/pose/realpose';
import { dragBy, exportJson, openEditor, pointOf, stage, tool, zoomOf } from './editor.helpers';
import { dropPhoto } from './support/photo';

// In the browser: feet that survive a BODY_25 round trip and can be dragged, render
// profiles kept with the pose, and a skeleton image (ControlNet's drawing, as a PNG or saved again
// as a JPEG) read back into a pose.

const BODY25_FEET = [19, 20, 21, 22, 23, 24];

/** The built-in pose with hands and feet, on a 400 x 600 canvas. */
function personWithFeet(): PoseDocument {
  const doc = createDefaultPoseDocument(400, 600);
  doc.people[0] = attachDefaultFeet(attachDefaultHand(attachDefaultHand(doc.people[0]!, 'left'), 'right'));
  return doc;
}

const SHORTCUTS: Record<string, string> = { 'Export OpenPose BODY_25 (with feet)': 'Control+Alt+s', 'Export POSE_KEYPOINT (ComfyUI)': 'Control+Alt+Shift+s' };

/** Runs one export command (a toolbar button, or its shortcut when it is kept off the toolbar) and reads the file it downloads. */
async function download(page: Page, label: string): Promise<{ name: string; text: string }> {
  const shortcut = SHORTCUTS[label];
  const [file] = await Promise.all([page.waitForEvent('download'), shortcut ? page.keyboard.press(shortcut) : tool(page, label).click()]);
  return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, 'utf8') };
}

async function pick(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), tool(page, label).click()]);
  await chooser.setFiles(file);
}

test.describe('pose editor: interchange', () => {
  test('a BODY_25 file keeps its feet; a foot is dragged; BODY_25 export carries the move', async ({ page }) => {
    await openEditor(page);
    const file = stringifyPoseExport(personWithFeet(), 'body25');
    await pick(page, 'Import JSON', { name: 'body25.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await expect(page.getByText('Pose imported: people 1, animals 0.')).toBeVisible();
    await expect(page.getByText('Read as ControlNet reads it', { exact: false })).toBeVisible();

    const before = JSON.parse((await download(page, 'Export OpenPose BODY_25 (with feet)')).text);
    const imported = JSON.parse(file);
    // Every point, feet included, comes back within half a pixel.
    (before.people[0].pose_keypoints_2d as number[]).forEach((v, i) => expect(Math.abs(v - imported.people[0].pose_keypoints_2d[i])).toBeLessThanOrEqual(0.5));

    // The left heel (BODY_25 21) is grabbed with the real mouse.
    const heel = pointOf(before.people[0].pose_keypoints_2d, 21);
    const zoom = await zoomOf(page);
    await dragBy(page, heel, -30, 12);
    const after = JSON.parse((await download(page, 'Export OpenPose BODY_25 (with feet)')).text);
    const moved = pointOf(after.people[0].pose_keypoints_2d, 21);
    expect(moved.x).toBeCloseTo(heel.x - 30 / zoom, 0);
    expect(moved.y).toBeCloseTo(heel.y + 12 / zoom, 0);
    for (const i of BODY25_FEET.filter((i) => i !== 21))
      expect(pointOf(after.people[0].pose_keypoints_2d, i)).toEqual(pointOf(before.people[0].pose_keypoints_2d, i));

    // The other formats carry the feet too: POSE_KEYPOINT as comfyui_controlnet_aux saves it.
    const frames = await download(page, 'Export POSE_KEYPOINT (ComfyUI)');
    expect(frames.name).toBe('pose.pose_keypoint.json');
    const frame = JSON.parse(frames.text)[0];
    expect(frame.people[0].foot_keypoints_2d).toHaveLength(18);
    // And one undo brings the heel back.
    await page.keyboard.press('Control+z');
    expect(JSON.parse((await download(page, 'Export OpenPose BODY_25 (with feet)')).text)).toEqual(before);
  });

  test("a pose saved by AUTOMATIC1111's OpenPose Editor (fkunn1326) imports: two people, every point where it was", async ({ page }) => {
    await openEditor(page);
    // Its layout: width, height, and [x, y] pairs, 18 COCO points per person in turn.
    const keypoints = [0, 180].flatMap((dx) =>
      createDefaultPerson({ centre: { x: 200, y: 300 }, height: 440 }).body.map((k) => [Math.round(k.x) + dx, Math.round(k.y)]),
    );
    const file = JSON.stringify({ width: 600, height: 600, keypoints }, null, 4);
    await pick(page, 'Import JSON', { name: 'pose.json', mimeType: 'text/plain', buffer: Buffer.from(file) });
    await expect(page.getByText("Pose imported: people 2, animals 0. Read as AUTOMATIC1111's OpenPose Editor saves it: every point shown.")).toBeVisible();
    const exported = await exportJson(page);
    expect([exported.canvas_width, exported.canvas_height]).toEqual([600, 600]);
    expect(
      exported.people.flatMap((p) =>
        Array.from({ length: 18 }, (_, i) => {
          const q = pointOf(p.pose_keypoints_2d, i);
          return [q.x, q.y, q.c];
        }),
      ),
    ).toEqual(keypoints.map(([x, y]) => [x, y, 1]));
  });

  test('the render profile is kept with the pose and draws the exported PNG', async ({ page }) => {
    await openEditor(page);
    await pick(page, 'Import JSON', { name: 'feet.json', mimeType: 'application/json', buffer: Buffer.from(stringifyPoseExport(personWithFeet(), 'body25')) });
    const drawing = page.getByRole('combobox', { name: 'Drawing' });
    await expect(drawing).toHaveValue('sd15');
    const footPixels = async () => {
      const [file] = await Promise.all([page.waitForEvent('download'), tool(page, 'Export PNG').click()]);
      const png = PNG.sync.read(fs.readFileSync((await file.path())!));
      let n = 0;
      // The left foot's points are drawn in 100,0,215 / 80,0,235 / 60,0,255 (draw_bodypose_with_feet).
      for (let i = 0; i < png.data.length; i += 4) if (png.data[i] === 100 && png.data[i + 1] === 0 && png.data[i + 2] === 215) n++;
      return n;
    };
    expect(await footPixels()).toBe(0);
    await drawing.selectOption('feet');
    expect(await footPixels()).toBeGreaterThan(20);
    expect((await exportJson(page)).render_profile).toBe('feet');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Drawing' })).toHaveValue('feet');
  });

  test('a skeleton PNG is read back into an editable pose, and one of its joints dragged', async ({ page }) => {
    await openEditor(page);
    const source = personWithFeet();
    const png = new PNG({ width: 400, height: 600 });
    rasterizeOpenPose(source, { width: 400, height: 600, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length) });
    await pick(page, 'Import JSON', { name: 'skeleton.png', mimeType: 'image/png', buffer: PNG.sync.write(png) });
    await expect(page.getByText('Skeleton read from the image: people 1, animals 0.', { exact: false })).toBeVisible();
    const read = await exportJson(page);
    expect(read.people).toHaveLength(1);
    // A wrist's dot lies under its hand's first dot, so it may be read as hidden (not guessed); every point read is within 3 px.
    const found = source.people[0]!.body.flatMap((p, i) => {
      const q = pointOf(read.people[0]!.pose_keypoints_2d, i);
      if (q.c === 0) return [];
      expect(Math.hypot(q.x - p.x, q.y - p.y), `body point ${i}`).toBeLessThanOrEqual(3);
      return [i];
    });
    expect(found.length).toBeGreaterThanOrEqual(16);
    // The left knee, dragged alone (Alt: no posing of the leg) with the mouse, moves.
    const knee = pointOf(read.people[0]!.pose_keypoints_2d, 12);
    const zoom = await zoomOf(page);
    await page.keyboard.down('Alt');
    await dragBy(page, knee, 25, 0);
    await page.keyboard.up('Alt');
    const dragged = pointOf((await exportJson(page)).people[0]!.pose_keypoints_2d, 12);
    expect(dragged.x).toBeCloseTo(knee.x + 25 / zoom, 0);
    // Undo takes the drag back, a second undo the whole import.
    await page.keyboard.press('Control+z');
    expect(pointOf((await exportJson(page)).people[0]!.pose_keypoints_2d, 12)).toEqual(knee);
  });

  test('a skeleton PNG drawn with feet reads back with its feet, and the pose takes the feet drawing', async ({ page }) => {
    await openEditor(page);
    const source = personWithFeet();
    const png = new PNG({ width: 400, height: 600 });
    rasterizeOpenPose(source, { width: 400, height: 600, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length) }, 'feet');
    await pick(page, 'Import JSON', { name: 'feet.png', mimeType: 'image/png', buffer: PNG.sync.write(png) });
    await expect(page.getByText('Skeleton read from the image: people 1, animals 0.', { exact: false })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Drawing' })).toHaveValue('feet');
    const read = await exportJson(page);
    expect(read.render_profile).toBe('feet');
    const feet = read.people[0]!.foot_keypoints_2d as number[];
    source.people[0]!.feet!.forEach((p, i) => {
      const q = pointOf(feet, i);
      expect(q.c, `foot point ${i}`).toBe(1);
      expect(Math.hypot(q.x - p.x, q.y - p.y), `foot point ${i}`).toBeLessThanOrEqual(3);
    });
  });

  test('a skeleton PNG of an animal is read back into an editable animal', async ({ page }) => {
    await openEditor(page);
    const animal = createDefaultAnimal({ centre: { x: 200, y: 300 }, height: 300 });
    const png = new PNG({ width: 400, height: 600 });
    rasterizeOpenPose(
      { canvas_width: 400, canvas_height: 600, people: [], animals: [animal] },
      { width: 400, height: 600, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length) },
    );
    await pick(page, 'Import JSON', { name: 'animal.png', mimeType: 'image/png', buffer: PNG.sync.write(png) });
    await expect(page.getByText('Skeleton read from the image: people 0, animals 1.', { exact: false })).toBeVisible();
    const read = await exportJson(page);
    expect(read.people).toEqual([]);
    const points = read.animals[0]!;
    animal.keypoints.forEach((k, i) => {
      const q = pointOf(points, i);
      expect(Math.hypot(q.x - k.x, q.y - k.y), `animal point ${i}`).toBeLessThanOrEqual(3);
    });
  });

  test('a skeleton saved as a JPEG (quality 90) is picked with Import skeleton PNG and read: the person, its body and hands', async ({ page }) => {
    await openEditor(page);
    // hl_hand_fixed.ref.png (ControlNet's drawing of a corpus file) saved by ImageMagick: convert ... -quality 90.
    const exact = PNG.sync.read(fs.readFileSync(corpusPath('hl_hand_fixed', '.ref.png')));
    const truth = poseFromPng({ width: exact.width, height: exact.height, data: exact.data }).people[0]!;
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Control+Shift+O')]);
    // The picker offers JPEG and WebP skeletons beside PNG ones.
    expect((await chooser.element().getAttribute('accept'))?.split(',').sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    await chooser.setFiles({ name: 'skeleton.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync('tests/fixtures/pose/hl-hand-fixed.q90.jpg') });
    await expect(page.getByText('Skeleton read from the image: people 1, animals 0.', { exact: false })).toBeVisible({ timeout: 30_000 });
    const read = (await exportJson(page)).people[0]!;
    const within = (flat: number[] | undefined, points: Array<{ x: number; y: number; visible: boolean }> | undefined) =>
      (points ?? []).flatMap((k, i) =>
        k.visible ? [flat && pointOf(flat, i).c > 0 && Math.hypot(pointOf(flat, i).x - k.x, pointOf(flat, i).y - k.y) <= 3] : [],
      );
    const body = within(read.pose_keypoints_2d, truth.body);
    // The drawing shows 12 body points and 42 hand points; the exact drawing's reading reports the body's
    // 12 and the hand points it is sure of (one another placing would draw the same is left hidden).
    expect(body).toHaveLength(12);
    expect(body.every(Boolean)).toBe(true);
    const hands = [...within(read.hand_left_keypoints_2d, truth.leftHand), ...within(read.hand_right_keypoints_2d, truth.rightHand)];
    expect(hands.length).toBeGreaterThanOrEqual(38);
    expect(hands.filter(Boolean).length).toBeGreaterThanOrEqual(hands.length - 4);
  });

  test('dropped on the canvas, a JPEG skeleton becomes the pose, and a JPEG photo too large for a skeleton the reference image', async ({ page }, info) => {
    await openEditor(page);
    await dropPhoto(page, 'tests/fixtures/pose/hl-hand-fixed.q90.jpg', stage(page));
    await expect(page.getByText('Skeleton read from the image: people 1, animals 0.', { exact: false })).toBeVisible({ timeout: 30_000 });
    expect((await exportJson(page)).canvas_width).toBe(768);
    // 5000 x 4000 (20 megapixels, over the skeleton reader's 16): refused as a skeleton by its header, kept as the reference.
    const canvas = createCanvas(5000, 4000);
    canvas.getContext('2d').fillRect(100, 100, 2000, 1000);
    const photo = info.outputPath('large-photo.jpg');
    fs.writeFileSync(photo, canvas.encodeSync('jpeg'));
    await dropPhoto(page, photo, stage(page));
    await expect(page.getByRole('slider', { name: 'Reference image opacity' })).toBeVisible({ timeout: 30_000 });
    // The pose read from the skeleton stays.
    expect((await exportJson(page)).people).toHaveLength(1);
  });

  test('a PNG over 16 megapixels is refused by its header, and the pose stays', async ({ page }) => {
    await openEditor(page);
    const before = await exportJson(page);
    // Only the signature and a header claiming 5000 x 5000: the editor must not try to decode it.
    const header = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(header);
    header.writeUInt32BE(5000, 16);
    header.writeUInt32BE(5000, 20);
    await pick(page, 'Import JSON', { name: 'huge.png', mimeType: 'image/png', buffer: header });
    await expect(page.getByText('the image is 5000 x 5000; at most 16 megapixels', { exact: false })).toBeVisible();
    expect(await exportJson(page)).toEqual(before);
  });

  test('the pose stays editable while a large skeleton PNG is read; the import lands as one edit, or is stopped', async ({ page }) => {
    test.setTimeout(120_000);
    await openEditor(page);
    // Ten people with hands and faces on 1024 x 1024: reading their hands back takes seconds.
    const people = Array.from({ length: 10 }, (_, i) =>
      attachDefaultFace(
        attachDefaultHand(
          attachDefaultHand(createDefaultPerson({ centre: { x: 100 + (i % 5) * 206, y: 260 + Math.floor(i / 5) * 500 }, height: 440 }), 'left'),
          'right',
        ),
      ),
    );
    const png = new PNG({ width: 1024, height: 1024 });
    rasterizeOpenPose(
      { canvas_width: 1024, canvas_height: 1024, people, animals: [] },
      { width: 1024, height: 1024, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length) },
    );
    const crowd = { name: 'crowd.png', mimeType: 'image/png', buffer: PNG.sync.write(png) };
    const before = (await exportJson(page)).people.length;
    await pick(page, 'Import JSON', crowd);
    const reading = page.getByRole('status').filter({ hasText: 'Reading the skeleton from the image' });
    await expect(reading).toBeVisible();
    // While it is read, a person is added and exported: the reading is off the editor's thread, and the tools stay uncovered.
    await tool(page, 'Add person').click();
    expect((await exportJson(page)).people).toHaveLength(before + 1);
    await expect(reading).toBeVisible();
    // The hands take nearly all the time: the status counts them.
    await expect(reading).toContainText(/Hands read: \d+ of \d+\./);
    await expect(page.getByText(/Skeleton read from the image: people \d+, animals 0\./)).toBeVisible({ timeout: 90_000 });
    await expect(reading).toBeHidden();
    expect((await exportJson(page)).people.length).toBeGreaterThanOrEqual(8);
    // Undo takes back the import alone: the person added meanwhile is still there.
    await page.keyboard.press('Control+z');
    expect((await exportJson(page)).people).toHaveLength(before + 1);
    // A reading stopped changes nothing.
    await pick(page, 'Import JSON', crowd);
    await reading.getByRole('button', { name: 'Stop reading' }).click();
    await expect(reading).toBeHidden();
    expect((await exportJson(page)).people).toHaveLength(before + 1);
  });
});
