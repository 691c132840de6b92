/** Points in the OpenPose binary's default BODY_25 model (COCO-18 plus mid-hip and six foot points). */
export const BODY25_KEYPOINT_COUNT = 25;

// For each COCO-18 index, its BODY_25 index: BODY_25 inserts MidHip at 8 and appends the feet.
const BODY25_FOR_COCO18 = [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] as const;

/** Whether a body keypoint array holds BODY_25 points, flat (75 numbers) or nested (25 triples). */
export function isBody25(value: unknown): value is unknown[] {
  return Array.isArray(value) && (value.length === BODY25_KEYPOINT_COUNT * 3 || (value.length === BODY25_KEYPOINT_COUNT && Array.isArray(value[0])));
}

/** Keeps the 18 COCO points of a BODY_25 array, in COCO order, in the array's own shape (flat or nested). */
export function body25ToCoco18(value: unknown[]): unknown[] {
  if (Array.isArray(value[0])) return BODY25_FOR_COCO18.map((i) => value[i]);
  return BODY25_FOR_COCO18.flatMap((i) => value.slice(i * 3, i * 3 + 3));
}

