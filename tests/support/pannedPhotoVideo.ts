import { fileURLToPath } from 'node:url';
import { makeVideo } from './testVideos';

/**
 * A video of the two basketball players (tests/fixtures/estimator/basketball.jpg, 640 x 480): a
 * 600 x 450 window drifting right and down over `seconds` at 25 frames a second, as MP4 (H.264), so
 * the estimator finds the same two people moving a little from frame to frame.
 */
export function pannedPhotoVideo(seconds: number): Buffer {
  const photo = fileURLToPath(new URL('../fixtures/estimator/basketball.jpg', import.meta.url));
  const pan = `crop=600:450:x='t*${Math.floor(40 / seconds)}':y='t*${Math.floor(30 / seconds)}',format=yuv420p`;
  return makeVideo('panned.mp4', ['-loop', '1', '-framerate', '25', '-i', photo, '-t', String(seconds), '-vf', pan, '-c:v', 'libx264']);
}
