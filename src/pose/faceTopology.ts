import { mirrorMap } from './mirror.js';
import type { Rgb } from './types.js';

const range = (prefix: string, count: number): string[] => Array.from({ length: count }, (_, i) => `${prefix}_${i}`);

/**
 * The 70 face keypoint names: the 68-point iBUG layout (the person's right side is drawn on
 * the image left) plus the two pupils, as OpenPose and DWPose emit them.
 */
export const FACE_KEYPOINT_NAMES: readonly string[] = [
  ...range('jaw', 17),
  ...range('right_brow', 5),
  ...range('left_brow', 5),
  ...range('nose_bridge', 4),
  ...range('nose_base', 5),
  ...range('right_eye', 6),
  ...range('left_eye', 6),
  ...range('outer_lip', 12),
  ...range('inner_lip', 8),
  'right_pupil',
  'left_pupil',
];

/** Number of face keypoints. */
export const FACE_KEYPOINT_COUNT = 70;

/** Colour of every face keypoint dot. */
export const FACE_POINT_COLOUR: Rgb = [255, 255, 255];

const jawPairs = Array.from({ length: 8 }, (_, i) => [i, 16 - i] as const);

/** Left/right counterpart of each face keypoint under a horizontal mirror. */
export const FACE_MIRROR = mirrorMap(FACE_KEYPOINT_COUNT, [
  ...jawPairs,
  [17, 26],
  [18, 25],
  [19, 24],
  [20, 23],
  [21, 22],
  [31, 35],
  [32, 34],
  [36, 45],
  [37, 44],
  [38, 43],
  [39, 42],
  [40, 47],
  [41, 46],
  [48, 54],
  [49, 53],
  [50, 52],
  [55, 59],
  [56, 58],
  [60, 64],
  [61, 63],
  [65, 67],
  [68, 69],
]);
