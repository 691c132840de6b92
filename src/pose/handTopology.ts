import { hsvToRgb255 } from './hsv.js';
import type { Rgb } from './types.js';

const FINGERS = ['thumb', 'index', 'middle', 'ring', 'little'] as const;

/** The 21 hand keypoint names: wrist, then 4 joints per finger from palm to tip. */
export const HAND_KEYPOINT_NAMES: readonly string[] = ['wrist', ...FINGERS.flatMap((finger) => [1, 2, 3, 4].map((joint) => `${finger}_${joint}`))];

/** Number of hand keypoints. */
export const HAND_KEYPOINT_COUNT = 21;

/** The 20 hand edges: wrist to each finger base, then 3 bones along each finger. */
export const HAND_EDGES: ReadonlyArray<readonly [number, number]> = FINGERS.flatMap((_, f) => {
  const base = 1 + f * 4;
  return [
    [0, base],
    [base, base + 1],
    [base + 1, base + 2],
    [base + 2, base + 3],
  ] as const;
});

/** Edge k is coloured HSV(k/20, 1, 1), rounded as ControlNet's cv2 call rounds it. */
export const HAND_EDGE_COLOURS: readonly Rgb[] = HAND_EDGES.map((_, k) => hsvToRgb255(k / HAND_EDGES.length, 1.0, 1.0));

/** Colour of every hand keypoint dot. */
export const HAND_POINT_COLOUR: Rgb = [0, 0, 255];
