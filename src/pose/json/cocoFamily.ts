import { OPENPOSE_FROM_COCO_17 } from '../estimate/bodyFromCoco.js';
import { HAND_KEYPOINT_COUNT } from '../handTopology.js';
import type { RawTriples } from './readTriples.js';

// The body layouts that start with COCO-17's 17 points (nose, eyes, ears, shoulders, ...; left
// before right) and add their own after them. Each is moved to the OpenPose-18 body ControlNet
// draws, its neck taken from the file where it has one and from the shoulders where both show.

/** A body layout of the COCO-17 family: where its neck, feet, face and hands lie, by point index. */
export interface CocoFamilyLayout {
  /** Points in the layout. */
  points: number;
  /** Index of its own neck point; without one the neck is the shoulders' midpoint. */
  neck?: number;
  /** Indices of its six foot points in `person.feet` order (left big toe, small toe, heel; then right). */
  feet?: readonly number[];
  /** First index and count of its face points (iBUG 68). */
  face?: readonly [number, number];
  /** First index of each hand's 21 points. */
  hands?: { left: number; right: number };
}

/** Ultralytics / MoveNet / mmpose COCO-17: no neck, no feet. */
export const COCO17: CocoFamilyLayout = { points: 17 };

/** Halpe-FullBody's 26-point body as RTMPose and AlphaPose write it: 17 head, 18 neck, 19 hip, 20-25 toes and heels (left, right alternating). */
export const HALPE26: CocoFamilyLayout = { points: 26, neck: 18, feet: [20, 22, 24, 21, 23, 25] };

/** OpenPose's experimental BODY_25B: COCO-17, 17 upper neck, 18 head top, 19-24 feet in BODY_25's order. */
export const BODY25B: CocoFamilyLayout = { points: 25, feet: [19, 20, 21, 22, 23, 24] };

/** COCO-WholeBody's 133 points (DWPose, RTMW): body 17, feet 17-22, face 68 from 23, left hand from 91, right hand from 112. */
export const WHOLEBODY133: CocoFamilyLayout = { points: 133, feet: [17, 18, 19, 20, 21, 22], face: [23, 68], hands: { left: 91, right: 112 } };

const SHOULDERS = { left: 5, right: 6 } as const;

const slice = (raw: RawTriples, start: number, count: number): RawTriples => ({ ...raw, numbers: raw.numbers.slice(start * 3, (start + count) * 3) });

const point = (raw: RawTriples, i: number): number[] => raw.numbers.slice(i * 3, i * 3 + 3);

// OpenPose's neck is where its network saw one; from COCO points it is the shoulders' middle, as
// sure as the less sure shoulder (DWPose's own rule: a neck only where both shoulders show).
function neckOf(raw: RawTriples, layout: CocoFamilyLayout): number[] {
  if (layout.neck !== undefined && (point(raw, layout.neck)[2] ?? 0) > 0) return point(raw, layout.neck);
  const [l, r] = [point(raw, SHOULDERS.left), point(raw, SHOULDERS.right)];
  const [lc, rc] = [l[2] ?? 0, r[2] ?? 0];
  if (!(lc > 0 && rc > 0)) return [0, 0, 0];
  return [((l[0] ?? 0) + (r[0] ?? 0)) / 2, ((l[1] ?? 0) + (r[1] ?? 0)) / 2, Math.min(lc, rc)];
}

/** A COCO-family body's parts: the OpenPose-18 body, and the feet, face and hands it carries. */
export interface CocoFamilyParts {
  body: RawTriples;
  feet: RawTriples | undefined;
  face: RawTriples | undefined;
  leftHand: RawTriples | undefined;
  rightHand: RawTriples | undefined;
}

const shown = (raw: RawTriples): RawTriples | undefined => (raw.numbers.some((n) => n !== 0) ? raw : undefined);

/** Splits a body array of a COCO-family layout into the OpenPose-18 body and the parts it carries. */
export function fromCocoFamily(raw: RawTriples, layout: CocoFamilyLayout): CocoFamilyParts {
  const neck = neckOf(raw, layout);
  const body = { ...raw, numbers: OPENPOSE_FROM_COCO_17.flatMap((from) => (from < 0 ? neck : point(raw, from))) };
  const feet = layout.feet ? shown({ ...raw, numbers: layout.feet.flatMap((i) => point(raw, i)) }) : undefined;
  return {
    body,
    feet,
    face: layout.face ? shown(slice(raw, ...layout.face)) : undefined,
    leftHand: layout.hands ? shown(slice(raw, layout.hands.left, HAND_KEYPOINT_COUNT)) : undefined,
    rightHand: layout.hands ? shown(slice(raw, layout.hands.right, HAND_KEYPOINT_COUNT)) : undefined,
  };
}
