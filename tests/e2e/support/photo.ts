import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { createTestUser } from '../../support/emulator';
import type { OpenPoseJson } from '../../../src/pose/json/openPoseJson';
import { stage } from '../editor.helpers';
import { signInInWidget } from './widget';

/** The estimator's test photos (tests/fixtures/estimator/SOURCES.md). */
export const PHOTO = (name: 'astronaut.jpg' | 'basketball.jpg' | 'cat.webp') => path.join('tests/fixtures/estimator', name);

/** The editor's "Pose from a photo" section. */
export const photoSection = (page: Page) => page.getByRole('region', { name: 'Pose from a photo' });

/** Signs a fresh user in on /login and lands on the editor with its view fitted (the estimator needs a token). */
export async function signInToEditor(page: Page, name: string): Promise<void> {
  const user = await createTestUser(name);
  await page.goto('/login?redirect=%2Fedit');
  await signInInWidget(page, user.email, user.password);
  await expect(page).toHaveURL(/\/edit$/);
  await expect(stage(page)).toHaveAttribute('data-view', /\d/);
}

/** Gives a file through the section's "choose a photo" button and the browser's file chooser. */
export async function choosePhoto(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), photoSection(page).getByRole('button', { name: 'choose a photo' }).click()]);
  await chooser.setFiles(file);
}

/** Drops a file on the section's drop zone, or on another target, as a drag from the desktop does (a drop event carrying a DataTransfer). */
export async function dropPhoto(page: Page, file: string, target = photoSection(page).getByText('Drop a photo here, or')): Promise<void> {
  const payload = { base64: fs.readFileSync(file).toString('base64'), name: path.basename(file), type: file.endsWith('.webp') ? 'image/webp' : 'image/jpeg' };
  const dataTransfer = await page.evaluateHandle(({ base64, name, type }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }));
    return transfer;
  }, payload);
  await target.dispatchEvent('drop', { dataTransfer });
}

/**
 * Holds the photo's upload slot request until release() is called, so the progress state can be
 * seen however fast the estimate then is.
 */
export async function holdUpload(page: Page): Promise<{ release(): void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/get_presign_url**', async (route) => {
    await held;
    // A request the page gave up on meanwhile (Cancel) can no longer be continued.
    await route.continue().catch(() => undefined);
  });
  return { release };
}

/** The fraction of the painted pixels of the stage's background layer that are not black (0: no reference image shown). */
export async function referenceCoverage(page: Page): Promise<number> {
  return stage(page).evaluate((el) => {
    const canvas = el.querySelector('canvas')!;
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let [painted, lit] = [0, 0];
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! < 255) continue;
      painted++;
      if (data[i]! + data[i + 1]! + data[i + 2]! > 30) lit++;
    }
    return painted === 0 ? 0 : lit / painted;
  });
}

/** A fingerprint of the reference image as the stage shows it: the stored data URL's length and its end. */
export function referenceShown(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('posecraft.editor.background');
    const url = raw ? (JSON.parse(raw) as string | null) : null;
    return url ? `${url.length}:${url.slice(-64)}` : null;
  });
}

/** A body keypoint of a person: x, y, confidence (0: not found). */
export function bodyPoint(person: OpenPoseJson['people'][number], i: number) {
  const flat = person.pose_keypoints_2d;
  return { x: flat[3 * i]!, y: flat[3 * i + 1]!, c: flat[3 * i + 2]! };
}

/** Every found keypoint (confidence above 0) of a person: body, hands and face. */
export function foundPoints(person: OpenPoseJson['people'][number]): Array<{ x: number; y: number }> {
  const lists = [person.pose_keypoints_2d, person.hand_left_keypoints_2d ?? [], person.hand_right_keypoints_2d ?? [], person.face_keypoints_2d ?? []];
  return lists.flatMap((flat) =>
    Array.from({ length: flat.length / 3 }, (_, i) => ({ x: flat[3 * i]!, y: flat[3 * i + 1]!, c: flat[3 * i + 2]! })).filter((p) => p.c > 0),
  );
}
