import { BODY, limbShade } from './bodyTopology.js';
import { mirrorMap } from './mirror.js';
import type { Rgb } from './types.js';

/**
 * The six foot points, in OpenPose BODY_25's order (its points 19-24), which is also
 * COCO-WholeBody's / DWPose's foot order (its points 17-22); left/right are the person's own.
 */
export const FOOT_KEYPOINT_NAMES = ['left_big_toe', 'left_small_toe', 'left_heel', 'right_big_toe', 'right_small_toe', 'right_heel'] as const;

/** Number of foot keypoints on a person (three a foot). */
export const FOOT_KEYPOINT_COUNT = 6;

/** Index of each foot keypoint by name, in `person.feet`. */
export const FOOT = Object.fromEntries(FOOT_KEYPOINT_NAMES.map((name, i) => [name, i])) as {
  readonly [K in (typeof FOOT_KEYPOINT_NAMES)[number]]: number;
};

/** Each foot's points and the body joints it hangs from (ankle) and turns with (knee). */
export const FEET = [
  { side: 'left', points: [FOOT.left_big_toe, FOOT.left_small_toe, FOOT.left_heel], ankle: BODY.left_ankle, knee: BODY.left_knee },
  { side: 'right', points: [FOOT.right_big_toe, FOOT.right_small_toe, FOOT.right_heel], ankle: BODY.right_ankle, knee: BODY.right_knee },
] as const;

// kijai/ComfyUI-SCAIL-Pose pose_draw/draw_utils.py draw_bodypose_with_feet (commit 878ea95):
// foot_limbSeq [14,19] [14,20] [14,21] [11,22] [11,23] [11,24] (1-based, COCO-18 then feet), i.e.
// the left ankle to each left foot point and the right ankle to each right foot point.
/** The six foot limbs, [body index of the ankle, foot index]; limb i is drawn in FOOT_COLOURS[i]. */
export const FOOT_LIMBS: ReadonlyArray<readonly [number, number]> = FEET.flatMap((foot) => foot.points.map((p) => [foot.ankle, p] as const));

/** draw_bodypose_with_feet's colors_feet: limb i and foot point i share colour i. */
export const FOOT_COLOURS: readonly Rgb[] = [
  [100, 0, 215],
  [80, 0, 235],
  [60, 0, 255],
  [0, 235, 150],
  [0, 215, 170],
  [0, 195, 190],
];

/** The fill of each foot limb: limb i is drawn in FOOT_COLOURS[i], darkened (limbShade). */
export const FOOT_LIMB_COLOURS: readonly Rgb[] = FOOT_COLOURS.map(limbShade);

/** Left/right counterpart of each foot keypoint. */
export const FOOT_MIRROR = mirrorMap(FOOT_KEYPOINT_COUNT, [
  [0, 3],
  [1, 4],
  [2, 5],
]);
