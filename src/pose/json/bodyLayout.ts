import { BODY_KEYPOINT_COUNT } from '../bodyTopology.js';
import { FOOT_KEYPOINT_COUNT } from '../footTopology.js';
import type { RawTriples } from './readTriples.js';
import type { PoseReading } from './reading.js';
import { distance, midpoint } from '../geometry.js';

/** Points in the OpenPose binary's default BODY_25 model (COCO-18 plus mid-hip and six foot points). */
export const BODY25_KEYPOINT_COUNT = 25;

/** BODY_25's mid-hip index: the point COCO-18 does not have. */
export const BODY25_MID_HIP = 8;

/** For each COCO-18 index, its BODY_25 index: BODY_25 inserts MidHip at 8. */
export const BODY25_FOR_COCO18: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18];

/** BODY_25 indices of the six foot points (LBigToe 19 ... RHeel 24), in `person.feet` order. */
export const BODY25_FEET: readonly number[] = [19, 20, 21, 22, 23, 24];

/**
 * How a body array was understood: COCO-18 (54 numbers), BODY_25 (75, with mid-hip and feet),
 * or COCO-18 padded to 75 numbers with 7 zero points, as ComfyUI pose editors write it.
 */
export type BodyLayout = 'coco18' | 'body25' | 'coco18-padded';

/** A body split into its COCO-18 points and (BODY_25 only) its six foot points. */
export interface SplitBody {
  coco: RawTriples;
  feet: RawTriples | undefined;
  layout: BodyLayout;
}

const pick = (raw: RawTriples, indices: readonly number[]): RawTriples => ({
  ...raw,
  numbers: indices.flatMap((i) => raw.numbers.slice(i * 3, i * 3 + 3)),
});

const isZero = (raw: RawTriples, i: number) => raw.numbers.slice(i * 3, i * 3 + 3).every((n) => n === 0);

// OpenPose's MidHip lies between its hips; in a padded COCO-18 body the same slots hold the right
// hip and the two knees, so "point 8 halfway between points 9 and 12" tells the two apart.
function midHipFits(raw: RawTriples): boolean | undefined {
  const at = (i: number) => ({ x: raw.numbers[i * 3] ?? 0, y: raw.numbers[i * 3 + 1] ?? 0, c: raw.numbers[i * 3 + 2] ?? 0 });
  const [mid, right, left] = [at(BODY25_MID_HIP), at(9), at(12)];
  if (mid.c <= 0 || right.c <= 0 || left.c <= 0) return undefined;
  const span = distance(right, left);
  const off = distance(mid, midpoint(right, left));
  return off <= Math.max(span * 0.25, 1e-9);
}

// Raw OpenPose output (no canvas size) is the OpenPose binary's BODY_25, even for a person whose
// detections put point 8 off its hips. A file with a canvas size comes from an editor or ComfyUI
// node: its 75-number body is BODY_25 when anything lies past COCO's 18 slots (left ear or a foot)
// or when its point 8 sits between its hips; otherwise (seven zero points after 18 COCO ones, or
// hips hidden) it is the padded COCO-18 of ComfyUI editors, which is also what ControlNet draws
// (its draw_bodypose takes the first 18 points in COCO order).
function layoutOf75(raw: RawTriples, reading: PoseReading): BodyLayout {
  if (reading === 'openpose') return 'body25';
  const tail = Array.from({ length: BODY25_KEYPOINT_COUNT - BODY_KEYPOINT_COUNT }, (_, k) => BODY_KEYPOINT_COUNT + k);
  if (tail.some((i) => !isZero(raw, i))) return 'body25';
  const fits = midHipFits(raw);
  return fits === true ? 'body25' : 'coco18-padded';
}

/** Splits a body of 18 or 25 points into COCO-18 order plus BODY_25's feet, deciding which 75-number layout it is. */
export function splitBody(raw: RawTriples, reading: PoseReading): SplitBody {
  if (raw.numbers.length === BODY_KEYPOINT_COUNT * 3) return { coco: raw, feet: undefined, layout: 'coco18' };
  const layout = layoutOf75(raw, reading);
  if (layout === 'coco18-padded')
    return {
      coco: pick(
        raw,
        BODY25_FOR_COCO18.map((_, i) => i),
      ),
      feet: undefined,
      layout,
    };
  const feet = pick(raw, BODY25_FEET);
  const hasFeet = feet.numbers.some((n) => n !== 0);
  return { coco: pick(raw, BODY25_FOR_COCO18), feet: hasFeet ? feet : undefined, layout };
}

/** The accepted body sizes in points: COCO-18 and BODY_25. */
export const BODY_POINT_COUNTS: readonly number[] = [BODY_KEYPOINT_COUNT, BODY25_KEYPOINT_COUNT];

/** The accepted foot size in points (foot_keypoints_2d of DWPose-style writers). */
export const FOOT_POINT_COUNTS: readonly number[] = [FOOT_KEYPOINT_COUNT];
