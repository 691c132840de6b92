import { BODY_KEYPOINT_COUNT } from '../bodyTopology.js';
import { FOOT_KEYPOINT_COUNT } from '../footTopology.js';
import { decide75, type Layout75 } from './body75.js';
import { BODY25B, COCO17, fromCocoFamily, HALPE26, WHOLEBODY133, type CocoFamilyLayout, type CocoFamilyParts } from './cocoFamily.js';
import type { RawTriples } from './readTriples.js';
import type { PoseReading } from './reading.js';

/** Points in the OpenPose binary's default BODY_25 model (COCO-18 plus mid-hip and six foot points). */
export const BODY25_KEYPOINT_COUNT = 25;

/** BODY_25's mid-hip index: the point COCO-18 does not have. */
export const BODY25_MID_HIP = 8;

/** For each COCO-18 index, its BODY_25 index: BODY_25 inserts MidHip at 8. */
export const BODY25_FOR_COCO18: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18];

/** BODY_25 indices of the six foot points (LBigToe 19 ... RHeel 24), in `person.feet` order. */
export const BODY25_FEET: readonly number[] = [19, 20, 21, 22, 23, 24];

/** Points in DWPose's raw body: OpenPose-18 with its six foot points after them. */
export const DWPOSE_BODY_KEYPOINT_COUNT = BODY_KEYPOINT_COUNT + FOOT_KEYPOINT_COUNT;

/**
 * How a body array was understood: COCO-18 (54 numbers, what ControlNet draws); BODY_25 (75, with
 * mid-hip and feet), BODY_25B (75, COCO-17 order) or COCO-18 padded to 75 with zero or toe points,
 * as ComfyUI pose editors write it; COCO-17 (51, Ultralytics / mmpose); HALPE_26 (78, RTMPose);
 * DWPose's raw 24-point body with feet (72); COCO-WholeBody's 133 points with face and hands (399).
 */
export type BodyLayout = 'coco18' | Layout75 | 'coco17' | 'halpe26' | 'dwpose24' | 'wholebody133';

/** A body split into its COCO-18 points and the feet, face and hands its layout carries. */
export interface SplitBody extends CocoFamilyParts {
  layout: BodyLayout;
  /** The other layout a 75-number body may be in, when its skeleton could not tell. */
  doubt: BodyLayout | undefined;
}

const pick = (raw: RawTriples, indices: readonly number[]): RawTriples => ({
  ...raw,
  numbers: indices.flatMap((i) => raw.numbers.slice(i * 3, i * 3 + 3)),
});

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);

const withFeet = (raw: RawTriples | undefined) => (raw?.numbers.some((n) => n !== 0) ? raw : undefined);

const COCO_FAMILY: Readonly<Partial<Record<BodyLayout, CocoFamilyLayout>>> = { coco17: COCO17, halpe26: HALPE26, body25b: BODY25B, wholebody133: WHOLEBODY133 };

const LAYOUT_OF_COUNT: Readonly<Record<number, BodyLayout>> = {
  [COCO17.points]: 'coco17',
  [HALPE26.points]: 'halpe26',
  [DWPOSE_BODY_KEYPOINT_COUNT]: 'dwpose24',
  [WHOLEBODY133.points]: 'wholebody133',
};

/** Splits a body in layout `layout` into COCO-18 order plus the parts its layout carries. */
export function splitBodyAs(raw: RawTriples, layout: BodyLayout, doubt?: BodyLayout): SplitBody {
  const none = { face: undefined, leftHand: undefined, rightHand: undefined, doubt };
  const family = COCO_FAMILY[layout];
  if (family) return { ...fromCocoFamily(raw, family), layout, doubt };
  if (layout === 'coco18') return { ...none, body: raw, feet: undefined, layout };
  if (layout === 'coco18-padded') return { ...none, body: pick(raw, range(BODY_KEYPOINT_COUNT)), feet: undefined, layout };
  if (layout === 'dwpose24')
    return { ...none, body: pick(raw, range(BODY_KEYPOINT_COUNT)), feet: withFeet(pick(raw, range(FOOT_KEYPOINT_COUNT, BODY_KEYPOINT_COUNT))), layout };
  return { ...none, body: pick(raw, BODY25_FOR_COCO18), feet: withFeet(pick(raw, BODY25_FEET)), layout };
}

/** Splits a body of any accepted size into COCO-18 order plus the parts it carries, deciding by its skeleton which 75-number layout it is. */
export function splitBody(raw: RawTriples, reading: PoseReading): SplitBody {
  const points = raw.numbers.length / 3;
  if (points === BODY_KEYPOINT_COUNT) return splitBodyAs(raw, 'coco18');
  const counted = LAYOUT_OF_COUNT[points];
  if (counted) return splitBodyAs(raw, counted);
  const { layout, doubt } = decide75(raw, reading);
  return splitBodyAs(raw, layout, doubt);
}

/** The accepted body sizes in points: COCO-18, BODY_25 (and the other 75-number layouts), COCO-17, HALPE_26, DWPose's 24 and COCO-WholeBody's 133. */
export const BODY_POINT_COUNTS: readonly number[] = [BODY_KEYPOINT_COUNT, BODY25_KEYPOINT_COUNT, ...Object.keys(LAYOUT_OF_COUNT).map(Number)].sort(
  (a, b) => a - b,
);

/** The accepted foot size in points (foot_keypoints_2d of DWPose-style writers). */
export const FOOT_POINT_COUNTS: readonly number[] = [FOOT_KEYPOINT_COUNT];
