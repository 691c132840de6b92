import { expect, test } from '@playwright/test';
import { exportJson } from './editor.helpers';
import { signInToEditor } from './support/photo';
import { pannedPhotoVideo } from '../support/pannedPhotoVideo';

// Import video with the real estimator: a short MP4 of two people (made with ffmpeg here) becomes poses.
test.describe('pose from a video', () => {
  test.setTimeout(240_000);

  test('Import video shows the progress per frame, then the two people are in the editor as a sequence', async ({ page }) => {
    await signInToEditor(page, 'video-import');
    const video = pannedPhotoVideo(1);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Control+Alt+V')]);
    await chooser.setFiles({ name: 'players.mp4', mimeType: 'video/mp4', buffer: video });
    const progress = page.getByTestId('video-import');
    await expect(progress).toContainText(/Finding people: frame \d+ of 16/, { timeout: 120_000 });
    await expect(progress.getByRole('button', { name: 'Stop' })).toBeEnabled();
    await expect(page.getByText('Imported 16 frames with 2 people.')).toBeVisible({ timeout: 180_000 });
    await expect(progress).toBeHidden();
    const pose = await exportJson(page);
    expect([pose.canvas_width, pose.canvas_height]).toEqual([600, 450]);
    expect(pose.people).toHaveLength(2);
    // The frames are one sequence: sixteen frames, one figure a person across them (a row each on the timeline).
    await page.getByRole('button', { name: 'Timeline', exact: true }).click();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline).toHaveAttribute('data-length', '16');
    await expect(timeline.locator('.timeline-row')).toHaveCount(2);
  });
});
