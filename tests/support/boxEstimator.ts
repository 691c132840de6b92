import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { OpenPosePersonJson } from '../../src/pose/index';
import type { Estimator } from '../../server/estimator/processEstimator';

/** A standing body of 18 points around (x, y), every point seen. */
export function bodyAt(x: number, y: number): OpenPosePersonJson {
  const points: number[] = [];
  for (let i = 0; i < 18; i++) points.push(x + ((i % 3) - 1) * 6, y - 20 + i * 2.5, 1);
  return { pose_keypoints_2d: points };
}

/** The centre of the pixels of a frame that pass a colour test; null when none do. */
function centreOf(data: Uint8ClampedArray, width: number, test: (r: number, g: number, b: number) => boolean) {
  let [sx, sy, n] = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) {
    if (!test(data[i], data[i + 1], data[i + 2])) continue;
    sx += (i / 4) % width;
    sy += Math.floor(i / 4 / width);
    n++;
  }
  return n > 20 ? { x: sx / n, y: sy / n } : null;
}

/**
 * An estimator that finds the red and blue boxes of twoBoxesVideo and answers a "person" at each,
 * listing them in a different order every other frame (as a detector may), after `delayMs`.
 */
export class BoxEstimator implements Estimator {
  calls = 0;
  constructor(private readonly delayMs = 0) {}

  async ready(): Promise<void> {}

  async run(bytes: Uint8Array) {
    this.calls++;
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const image = await loadImage(Buffer.from(bytes));
    const canvas = createCanvas(image.width, image.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const { data } = ctx.getImageData(0, 0, image.width, image.height);
    const red = centreOf(data, image.width, (r, g, b) => r > 180 && g < 90 && b < 90);
    const blue = centreOf(data, image.width, (r, g, b) => b > 180 && r < 90 && g < 90);
    const people = [red, blue].filter((c) => c !== null).map((c) => bodyAt(c.x, c.y));
    if (this.calls % 2 === 0) people.reverse();
    return { pose: { people, animals: [], canvas_width: image.width, canvas_height: image.height }, timingsMs: {} };
  }

  async close(): Promise<void> {}
}
