import type { Tensor4D } from '@tensorflow/tfjs-core';
import type { DetectedBody } from '../../src/pose/estimate/index.js';
import type { Runtime } from './humanRuntime.js';

/** MoveNet MultiPose's input side; it sees the photo padded to a square and scaled to this. */
const MOVENET_SIDE = 256;
/** Per person: 17 × (y, x, score), then the box (ymin, xmin, ymax, xmax, score). */
const PERSON_SCORE_AT = 55;

/**
 * Runs MoveNet MultiPose on a photo tensor ([1, h, w, 3], 0..255) and returns up to 6 people in its
 * pixels, with MoveNet's own left/right (the person's own). human's movenet wrapper is not used: it
 * swaps left and right by image position, drops knees above shoulders and smooths across calls
 * as if photos were video frames.
 */
export async function detectBodies(rt: Runtime, photo: Tensor4D): Promise<DetectedBody[]> {
  const { tf } = rt;
  const [height, width] = [photo.shape[1], photo.shape[2]];
  const side = Math.max(width, height);
  const [padTop, padLeft] = [Math.floor((side - height) / 2), Math.floor((side - width) / 2)];
  const output = tf.tidy(() => {
    const square = tf.pad(photo, [
      [0, 0],
      [padTop, side - height - padTop],
      [padLeft, side - width - padLeft],
      [0, 0],
    ]);
    const input = tf.cast(tf.image.resizeBilinear(square, [MOVENET_SIDE, MOVENET_SIDE]), 'int32');
    return rt.movenet.execute(input) as import('@tensorflow/tfjs-core').Tensor;
  });
  const people = (await output.array()) as number[][][];
  output.dispose();
  return people[0].map((row) => ({
    score: row[PERSON_SCORE_AT],
    keypoints: Array.from({ length: 17 }, (_, i) => ({
      x: row[3 * i + 1] * side - padLeft,
      y: row[3 * i] * side - padTop,
      score: row[3 * i + 2],
    })),
  }));
}
