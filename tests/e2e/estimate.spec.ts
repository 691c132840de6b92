import { expect, test, type Page } from '@playwright/test';
import type { OpenPoseJson } from '../../src/pose/json/openPoseJson';
import { DEFAULT_BODY, dragBy, exportJson, openEditor, pointOf, tool, zoomOf } from './editor.helpers';
import { panel } from './generate.helpers';
import {
  bodyPoint,
  choosePhoto,
  dropPhoto,
  foundPoints,
  holdUpload,
  PHOTO,
  photoSection,
  referenceCoverage,
  referenceShown,
  signInToEditor,
} from './support/photo';

// Runs the real estimator (WASM models in the server's child process) on real photos. The first
// estimate on a busy 2-core machine can take many seconds, hence the long waits on visible states.
const ESTIMATE_WAIT = { timeout: 90_000 };
const [NOSE, NECK, R_SHOULDER, R_WRIST, L_SHOULDER, L_WRIST, R_HIP, L_HIP] = [0, 1, 2, 4, 5, 7, 8, 11];
type PersonJson = OpenPoseJson['people'][number];

const found = (page: Page) => photoSection(page).getByRole('status');

/** A skeleton a person could have: every point on the photo, the neck between the shoulders and under the nose, the head above the hips. */
function expectPlausible(person: PersonJson, width: number, height: number, box = { x0: 0, y0: 0, x1: width, y1: height }) {
  for (const p of foundPoints(person)) {
    expect(p.x).toBeGreaterThanOrEqual(box.x0 - 1);
    expect(p.x).toBeLessThanOrEqual(box.x1 + 1);
    expect(p.y).toBeGreaterThanOrEqual(box.y0 - 1);
    expect(p.y).toBeLessThanOrEqual(box.y1 + 1);
  }
  const [nose, neck, right, left] = [NOSE, NECK, R_SHOULDER, L_SHOULDER].map((i) => bodyPoint(person, i));
  for (const p of [nose, neck, right, left]) expect(p!.c).toBeGreaterThan(0);
  expect(neck!.x).toBeGreaterThan(Math.min(right!.x, left!.x));
  expect(neck!.x).toBeLessThan(Math.max(right!.x, left!.x));
  expect(nose!.y).toBeLessThan(neck!.y);
  // Shoulders a real width apart, not a collapsed skeleton.
  expect(Math.abs(right!.x - left!.x)).toBeGreaterThan((box.x1 - box.x0) * 0.03);
  for (const hip of [R_HIP, L_HIP].map((i) => bodyPoint(person, i)).filter((p) => p.c > 0)) expect(nose!.y).toBeLessThan(hip.y);
}

/** The visible body joint (not a wrist, which carries its hand) farthest from every other found point: safe to grab. */
function loneJoint(people: PersonJson[]): { index: number; x: number; y: number; room: number } {
  const everything = people.flatMap(foundPoints);
  const candidates = Array.from({ length: 18 }, (_, index) => ({ index, ...bodyPoint(people[0]!, index) })).filter(
    (p) => p.c > 0 && p.index !== R_WRIST && p.index !== L_WRIST,
  );
  const scored = candidates.map((p) => ({
    index: p.index,
    x: p.x,
    y: p.y,
    room: Math.min(...everything.filter((q) => q.x !== p.x || q.y !== p.y).map((q) => Math.hypot(q.x - p.x, q.y - p.y))),
  }));
  return scored.sort((a, b) => b.room - a.room)[0]!;
}

test.describe('pose from a photo', () => {
  test.setTimeout(180_000);

  test('one person: progress, then an editable skeleton over the photo; drag a joint, undo it, undo the import', async ({ page }, testInfo) => {
    await signInToEditor(page, 'astro');
    await expect(photoSection(page)).not.toContainText('Sign in to turn a photo into a pose.');
    const before = await exportJson(page);
    expect(before.people).toHaveLength(1);
    expect(await referenceCoverage(page)).toBe(0);

    // The upload is held so the progress state is seen however fast the estimate turns out.
    const upload = await holdUpload(page);
    await choosePhoto(page, PHOTO('astronaut.jpg'));
    const progress = photoSection(page).getByRole('progressbar', { name: 'Estimation progress' });
    await expect(progress).toBeVisible();
    await expect(photoSection(page)).toHaveAttribute('aria-busy', 'true');
    await expect(photoSection(page).getByText('Uploading the photo…')).toBeVisible();
    await expect(photoSection(page).getByRole('img', { name: 'The photo being estimated' })).toBeVisible();
    upload.release();

    await expect(found(page)).toHaveText('People found: 1', ESTIMATE_WAIT);
    await expect(progress).toHaveCount(0);
    await expect(photoSection(page)).toHaveAttribute('aria-busy', 'false');
    const estimate = await exportJson(page);
    // Replace: the canvas takes the photo's size (512 x 512) and holds the one person found.
    expect([estimate.canvas_width, estimate.canvas_height]).toEqual([512, 512]);
    expect(estimate.people).toHaveLength(1);
    expectPlausible(estimate.people[0]!, 512, 512);
    // Her face was found too (70 points).
    expect((estimate.people[0]!.face_keypoints_2d ?? []).filter((value, i) => i % 3 === 2 && value > 0).length).toBeGreaterThan(60);
    // The photo is the reference image behind the pose.
    await expect(tool(page, 'Remove reference image')).toBeVisible();
    await expect.poll(() => referenceCoverage(page)).toBeGreaterThan(0.5);
    await page.screenshot({ path: testInfo.outputPath('astronaut-over-photo.png') });

    // Drag one joint with the real mouse.
    const joint = loneJoint(estimate.people);
    const zoom = await zoomOf(page);
    expect(joint.room * zoom).toBeGreaterThan(12);
    const [dx, dy] = [Math.min(30, (joint.room * zoom) / 2), 25];
    // Alt drags the one joint freely (bone lengths are kept otherwise).
    await page.keyboard.down('Alt');
    await dragBy(page, joint, dx, dy);
    await page.keyboard.up('Alt');
    const dragged = await exportJson(page);
    const moved = pointOf(dragged.people[0]!.pose_keypoints_2d, joint.index);
    expect(moved.x).toBeCloseTo(joint.x + dx / zoom, 0);
    expect(moved.y).toBeCloseTo(joint.y + dy / zoom, 0);
    const others = (flat: number[]) => flat.filter((_, i) => Math.floor(i / 3) !== joint.index);
    expect(others(dragged.people[0]!.pose_keypoints_2d)).toEqual(others(estimate.people[0]!.pose_keypoints_2d));

    // Ctrl+Z puts the joint back (the photo stays); a second Ctrl+Z undoes the whole import, photo included.
    await page.keyboard.press('Control+z');
    expect(await exportJson(page)).toEqual(estimate);
    expect(await referenceCoverage(page)).toBeGreaterThan(0.5);
    await page.keyboard.press('Control+z');
    await expect.poll(() => referenceCoverage(page)).toBe(0);
    const undone = await exportJson(page);
    expect(undone.people).toHaveLength(1);
    // The pose from before on the canvas from before: the canvas size is part of the document, and of its history.
    expect([undone.canvas_width, undone.canvas_height]).toEqual([400, 600]);
    DEFAULT_BODY.forEach(([x, y], i) => {
      expect(pointOf(undone.people[0]!.pose_keypoints_2d, i).x).toBeCloseTo(x, 1);
      expect(pointOf(undone.people[0]!.pose_keypoints_2d, i).y).toBeCloseTo(y, 1);
    });
    await page.keyboard.press('Control+y');
    expect(await exportJson(page)).toEqual(estimate);
    await expect.poll(() => referenceCoverage(page)).toBeGreaterThan(0.5);

    // A canvas resize from the panel is an edit too: undo brings back the photo's size, with the photo.
    await panel(page).getByRole('group', { name: 'Aspect ratio' }).getByRole('button', { name: '1:1', exact: true }).click();
    await expect
      .poll(async () => {
        const d = await exportJson(page);
        return [d.canvas_width, d.canvas_height];
      })
      .toEqual([400, 400]);
    await expect(panel(page).getByRole('button', { name: 'Small 400 × 400' })).toHaveAttribute('aria-pressed', 'true');
    await tool(page, 'Undo').click();
    expect(await exportJson(page)).toEqual(estimate);
    await expect.poll(() => referenceCoverage(page)).toBeGreaterThan(0.5);
    // The panel follows the document: 512 x 512 is no preset's size, so it shows under More.
    await expect(panel(page).getByRole('textbox', { name: 'Wide' })).toHaveValue('512');
    await expect(panel(page).getByRole('textbox', { name: 'Length' })).toHaveValue('512');
  });

  test('two people from a dropped photo; then a photo added to the pose lands where the photo is shown', async ({ page }, testInfo) => {
    await signInToEditor(page, 'hoops');
    await dropPhoto(page, PHOTO('basketball.jpg'));
    await expect(found(page)).toHaveText('People found: 2', ESTIMATE_WAIT);
    const two = await exportJson(page);
    expect([two.canvas_width, two.canvas_height]).toEqual([640, 480]);
    expect(two.people).toHaveLength(2);
    for (const person of two.people) expectPlausible(person, 640, 480);
    // Two different people, not one found twice.
    const [a, b] = two.people.map((p) => bodyPoint(p, NECK));
    expect(Math.abs(a!.x - b!.x)).toBeGreaterThan(64);
    await expect.poll(() => referenceCoverage(page)).toBeGreaterThan(0.5);
    await page.screenshot({ path: testInfo.outputPath('basketball-over-photo.png') });

    // Add: the astronaut (512 x 512) is shown fitted in the 640 x 480 canvas, x from 80 to 560.
    const basketball = await referenceShown(page);
    expect(basketball).not.toBeNull();
    await photoSection(page).getByLabel('Add to the current pose').check();
    await dropPhoto(page, PHOTO('astronaut.jpg'));
    await expect(found(page)).toHaveText('People found: 1', ESTIMATE_WAIT);
    const three = await exportJson(page);
    expect([three.canvas_width, three.canvas_height]).toEqual([640, 480]);
    expect(three.people).toHaveLength(3);
    expect(three.people.slice(0, 2)).toEqual(two.people);
    expectPlausible(three.people[2]!, 640, 480, { x0: 80, y0: 0, x1: 560, y1: 480 });

    // The reference is stored a moment after the edit: wait for the new one.
    await expect.poll(() => referenceShown(page)).not.toEqual(basketball);
    const astronaut = await referenceShown(page);

    // Undo takes the astronaut out and brings the basketball photo back as the reference; redo, the other way.
    await tool(page, 'Undo').click();
    expect(await exportJson(page)).toEqual(two);
    await expect.poll(() => referenceShown(page)).toEqual(basketball);
    await tool(page, 'Redo').click();
    expect(await exportJson(page)).toEqual(three);
    await expect.poll(() => referenceShown(page)).toEqual(astronaut);
  });

  test("a photo dropped on the panel's Modify Pose opens the editor and becomes the pose, and again while the editor is open", async ({ page }) => {
    await signInToEditor(page, 'panel');
    await page.getByRole('banner').getByRole('link', { name: 'Generate' }).click();
    await expect(page).toHaveURL(/\/pose$/);
    await dropPhoto(page, PHOTO('astronaut.jpg'), page.getByRole('button', { name: 'Open the pose editor' }));
    await expect(page).toHaveURL(/\/edit$/);
    await expect(found(page)).toHaveText('People found: 1', ESTIMATE_WAIT);
    const pose = await exportJson(page);
    expect(pose.people).toHaveLength(1);
    expect([pose.canvas_width, pose.canvas_height]).toEqual([512, 512]);
    expectPlausible(pose.people[0]!, 512, 512);
    expect(await referenceCoverage(page)).toBeGreaterThan(0.3);

    // With the editor already open, a photo dropped on the panel is estimated at once.
    await dropPhoto(page, PHOTO('basketball.jpg'), page.getByRole('button', { name: 'Open the pose editor' }));
    await expect(found(page)).toHaveText('People found: 2', ESTIMATE_WAIT);
    expect((await exportJson(page)).people).toHaveLength(2);
  });

  test('a cancelled estimate and a photo of a cat both leave the pose alone; the cat says nobody was found', async ({ page }) => {
    await signInToEditor(page, 'cat');
    const before = await exportJson(page);

    const upload = await holdUpload(page);
    await choosePhoto(page, PHOTO('astronaut.jpg'));
    await photoSection(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(photoSection(page).getByRole('progressbar')).toHaveCount(0);
    await expect(photoSection(page)).toHaveAttribute('aria-busy', 'false');
    upload.release();

    await choosePhoto(page, PHOTO('cat.webp'));
    await expect(found(page)).toHaveText(/^No person was found in this photo\./, ESTIMATE_WAIT);
    // Neither the cat nor the cancelled astronaut changed the pose.
    expect(await exportJson(page)).toEqual(before);
    await expect(tool(page, 'Undo')).toBeDisabled();
    expect(await referenceCoverage(page)).toBe(0);
  });

  test('a file that is not a photo is refused with a message, and the pose stays', async ({ page }) => {
    await signInToEditor(page, 'notes');
    const before = await exportJson(page);
    const alert = photoSection(page).getByRole('alert');

    await choosePhoto(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await expect(alert).toHaveText('This file is not a JPEG, PNG or WebP image.');
    await expect(photoSection(page).getByRole('progressbar')).toHaveCount(0);

    // Named and typed like a photo, it gets past the browser; the server reads its bytes and refuses it.
    await choosePhoto(page, { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo either') });
    await expect(alert).toContainText('The estimate failed:', ESTIMATE_WAIT);
    await expect(alert).toContainText('JPEG, PNG or WebP');
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();

    expect(await exportJson(page)).toEqual(before);
    await expect(tool(page, 'Undo')).toBeDisabled();
    expect(await referenceCoverage(page)).toBe(0);
  });

  test('signed out, the section asks to sign in instead of estimating', async ({ page }) => {
    await openEditor(page);
    await expect(photoSection(page)).toContainText('Sign in to turn a photo into a pose.');
    await expect(photoSection(page).getByRole('button', { name: 'choose a photo' })).toBeDisabled();
    await photoSection(page).getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in to Posecraft' })).toBeVisible();
  });
});
