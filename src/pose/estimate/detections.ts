/**
 * What the estimator's models report, before mapping to OpenPose: points in the pixels of the
 * image the models saw, each with the model's confidence (0..1).
 */
export interface DetectedPoint {
  x: number;
  y: number;
  /** Hand points only: the model's depth relative to the hand's wrist, in the same pixels, + toward the viewer. */
  z?: number | undefined;
  score: number;
}

/** One MoveNet person: 17 COCO points (COCO_17_NAMES order) and the person's own score. */
export interface DetectedBody {
  keypoints: DetectedPoint[];
  score: number;
}

/** One face mesh: 468 MediaPipe points, or 478 with the 10 iris points appended. */
export interface DetectedFace {
  mesh: DetectedPoint[];
  score: number;
}

/** One hand: 21 MediaPipe points (OpenPose's hand order) and the hand-presence score. */
export interface DetectedHand {
  keypoints: DetectedPoint[];
  score: number;
}

/**
 * The COCO-17 order MoveNet emits. Left and right are the person's own (COCO's annotation rule),
 * so a person facing the camera has the left shoulder on the image right.
 */
export const COCO_17_NAMES = [
  'nose',
  'left_eye',
  'right_eye',
  'left_ear',
  'right_ear',
  'left_shoulder',
  'right_shoulder',
  'left_elbow',
  'right_elbow',
  'left_wrist',
  'right_wrist',
  'left_hip',
  'right_hip',
  'left_knee',
  'right_knee',
  'left_ankle',
  'right_ankle',
] as const;
