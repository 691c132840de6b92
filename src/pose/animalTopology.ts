import { mirrorMap } from './mirror.js';
import type { Rgb } from './types.js';

/** AP-10K animal keypoint names in order; left/right are the animal's own. */
export const ANIMAL_KEYPOINT_NAMES = [
  'left_eye',
  'right_eye',
  'nose',
  'neck',
  'tail_root',
  'left_shoulder',
  'left_elbow',
  'left_front_paw',
  'right_shoulder',
  'right_elbow',
  'right_front_paw',
  'left_hip',
  'left_knee',
  'left_back_paw',
  'right_hip',
  'right_knee',
  'right_back_paw',
] as const;

/** Number of animal keypoints. */
export const ANIMAL_KEYPOINT_COUNT = 17;

/** The 17 lines ControlNet's animal annotator draws, 0-based; line i uses ANIMAL_COLOURS[i]. */
export const ANIMAL_LINES: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [1, 2],
  [0, 2],
  [2, 3],
  [3, 8],
  [8, 9],
  [9, 10],
  [3, 5],
  [5, 6],
  [6, 7],
  [3, 4],
  [4, 14],
  [14, 15],
  [15, 16],
  [4, 11],
  [11, 12],
  [12, 13],
];

/** Colour of each animal line. */
export const ANIMAL_COLOURS: readonly Rgb[] = [
  [255, 255, 255],
  [100, 255, 100],
  [150, 255, 255],
  [100, 50, 255],
  [50, 150, 200],
  [0, 255, 255],
  [0, 150, 0],
  [0, 0, 255],
  [0, 0, 150],
  [255, 50, 255],
  [255, 0, 255],
  [255, 0, 0],
  [150, 0, 0],
  [255, 255, 100],
  [0, 150, 0],
  [255, 255, 0],
  [150, 150, 150],
];

/** Left/right counterpart of each animal keypoint. */
export const ANIMAL_MIRROR = mirrorMap(ANIMAL_KEYPOINT_COUNT, [
  [0, 1],
  [5, 8],
  [6, 9],
  [7, 10],
  [11, 14],
  [12, 15],
  [13, 16],
]);
