// Shapes for new people, hands and animals. Body: a relaxed standing person facing the viewer,
// x from the body's centre line, y from the eye line (0) to the ankles (100), so the person's
// right side is on the image left. Proportions follow adult averages (about 7.5 heads).

/** Body points [x, y] in COCO-18 order, in units where eyes-to-ankles is 100. */
export const BODY_TEMPLATE: ReadonlyArray<readonly [number, number]> = [
  [0, 4],
  [0, 14.5],
  [-12.5, 15],
  [-15, 33],
  [-16, 49.5],
  [12.5, 15],
  [15, 33],
  [16, 49.5],
  [-6, 48.5],
  [-6.5, 74],
  [-7, 100],
  [6, 48.5],
  [6.5, 74],
  [7, 100],
  [-2.5, 0],
  [2.5, 0],
  [-4.8, 2.5],
  [4.8, 2.5],
];

/**
 * Right hand points [along, across] in hand lengths: `along` runs from the wrist toward the
 * middle fingertip (1), `across` toward the thumb. Palm facing the viewer, fingers together.
 */
export const HAND_TEMPLATE: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [0.15, 0.17],
  [0.3, 0.27],
  [0.43, 0.33],
  [0.55, 0.37],
  [0.45, 0.14],
  [0.63, 0.16],
  [0.75, 0.17],
  [0.86, 0.18],
  [0.47, 0.02],
  [0.68, 0.02],
  [0.84, 0.02],
  [1, 0.02],
  [0.45, -0.08],
  [0.64, -0.1],
  [0.77, -0.11],
  [0.9, -0.12],
  [0.41, -0.18],
  [0.56, -0.22],
  [0.66, -0.24],
  [0.75, -0.26],
];

/** A hand is about three quarters of the forearm (elbow to wrist) long. */
export const HAND_TO_FOREARM = 0.75;

/** A standing four-legged animal seen from its left side, facing right, [x, y] with the body about 100 long. */
export const ANIMAL_TEMPLATE: ReadonlyArray<readonly [number, number]> = [
  [86, -44],
  [81, -45],
  [97, -36],
  [70, -26],
  [2, -20],
  [66, -12],
  [68, 12],
  [71, 36],
  [60, -12],
  [58, 12],
  [57, 36],
  [10, -10],
  [15, 12],
  [11, 36],
  [4, -10],
  [3, 12],
  [-1, 36],
];

/**
 * Right foot points [along, outward] in shin lengths (knee to ankle) from the ankle: `along`
 * runs down the shin, `outward` away from the body's centre line. Big toe, small toe, heel (the
 * right half of FOOT_KEYPOINT_NAMES); a standing person facing the viewer, toes toward the viewer.
 */
export const FOOT_TEMPLATE: ReadonlyArray<readonly [number, number]> = [
  [0.28, -0.06],
  [0.25, 0.1],
  [0.1, 0.01],
];
