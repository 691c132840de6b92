// Adult proportions in statures (standing height = 1), after Drillis & Contini's segment table and
// the built-in person of src/pose/templates.ts: the points are OpenPose's joint centres.

/** Lengths of the body's segments in statures. */
export const BODY_PROPORTIONS = {
  /** Mid-hip to neck (the point between the shoulders). */
  torso: 0.29,
  /** Neck to each shoulder joint. */
  shoulderHalf: 0.112,
  /** Mid-hip to each hip joint. */
  hipHalf: 0.053,
  upperArm: 0.172,
  forearm: 0.148,
  thigh: 0.24,
  shin: 0.24,
  /** Neck to the head's turning point, at the top of the neck. */
  neckToPivot: 0.06,
} as const;

/** Head points from the head's turning point, in statures, facing the viewer: [x to the person's left, y up, z forward]. */
export const HEAD_POINTS = {
  nose: [0, 0.03, 0.05],
  eye: [0.022, 0.065, 0.03],
  ear: [0.05, 0.05, -0.015],
} as const;
