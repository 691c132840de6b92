import { mirrorMap } from './mirror.js';
import type { Rgb } from './types.js';

/** COCO-18 body keypoint names in OpenPose order; left/right are the person's own. */
export const BODY_KEYPOINT_NAMES = [
  'nose',
  'neck',
  'right_shoulder',
  'right_elbow',
  'right_wrist',
  'left_shoulder',
  'left_elbow',
  'left_wrist',
  'right_hip',
  'right_knee',
  'right_ankle',
  'left_hip',
  'left_knee',
  'left_ankle',
  'right_eye',
  'left_eye',
  'right_ear',
  'left_ear',
] as const;

/** Number of body keypoints. */
export const BODY_KEYPOINT_COUNT = 18;

/** Index of each body keypoint by name. */
export const BODY = Object.fromEntries(BODY_KEYPOINT_NAMES.map((name, i) => [name, i])) as {
  readonly [K in (typeof BODY_KEYPOINT_NAMES)[number]]: number;
};

/** The 17 limbs ControlNet draws, 0-based; limb i is drawn in BODY_COLOURS[i]. */
export const BODY_LIMBS: ReadonlyArray<readonly [number, number]> = [
  [1, 2],
  [1, 5],
  [2, 3],
  [3, 4],
  [5, 6],
  [6, 7],
  [1, 8],
  [8, 9],
  [9, 10],
  [1, 11],
  [11, 12],
  [12, 13],
  [1, 0],
  [0, 14],
  [14, 16],
  [0, 15],
  [15, 17],
];

/** The 18 OpenPose colours: keypoint i and limb i share colour i. */
export const BODY_COLOURS: readonly Rgb[] = [
  [255, 0, 0],
  [255, 85, 0],
  [255, 170, 0],
  [255, 255, 0],
  [170, 255, 0],
  [85, 255, 0],
  [0, 255, 0],
  [0, 255, 85],
  [0, 255, 170],
  [0, 255, 255],
  [0, 170, 255],
  [0, 85, 255],
  [0, 0, 255],
  [85, 0, 255],
  [170, 0, 255],
  [255, 0, 255],
  [255, 0, 170],
  [255, 0, 85],
];

/** A limb's fill: its colour darkened channel by channel, int(c * 0.6), as comfyui_controlnet_aux draws it. */
export const limbShade = (c: Rgb): Rgb => [Math.trunc(c[0] * 0.6), Math.trunc(c[1] * 0.6), Math.trunc(c[2] * 0.6)];

/** The fill of each body limb: limb i is drawn in BODY_COLOURS[i], darkened (limbShade). */
export const BODY_LIMB_COLOURS: readonly Rgb[] = BODY_COLOURS.map(limbShade);

/** Left/right counterpart of each body keypoint, for mirroring and symmetric edits. */
export const BODY_MIRROR = mirrorMap(BODY_KEYPOINT_COUNT, [
  [2, 5],
  [3, 6],
  [4, 7],
  [8, 11],
  [9, 12],
  [10, 13],
  [14, 15],
  [16, 17],
]);
