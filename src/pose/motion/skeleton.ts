import { ANIMAL } from './animalTree.js';
import { BODY, BODY_LIMBS } from '../bodyTopology.js';
import { FACE_KEYPOINT_COUNT } from '../faceTopology.js';
import { FOOT_LIMBS } from '../footTopology.js';
import { HAND_EDGES } from '../handTopology.js';
import type { Animal, Keypoint, Person } from '../types.js';

/** A point list of a figure: a person's parts, or an animal's keypoints. */
export type PointPart = 'body' | 'leftHand' | 'rightHand' | 'face' | 'feet' | 'keypoints';

/** One point of a figure, by part and index. */
export interface PointRef {
  part: PointPart;
  index: number;
}

/** A bone of the motion tree: the parent joint and the point it carries; `from` null is the root, which only moves. */
export interface MotionBone {
  from: PointRef | null;
  to: PointRef;
}

const bone = (fromPart: PointPart, from: number, toPart: PointPart, to: number): MotionBone => ({
  from: { part: fromPart, index: from },
  to: { part: toPart, index: to },
});

const hand = (part: 'leftHand' | 'rightHand', wrist: number): MotionBone[] => [
  bone('body', wrist, part, 0),
  ...HAND_EDGES.map(([a, b]) => bone(part, a, part, b)),
];

// The face has no bones: each point hangs from the nose, so a head that turns carries it whole.
const FACE_BONES: MotionBone[] = Array.from({ length: FACE_KEYPOINT_COUNT }, (_, i) => bone('body', BODY.nose, 'face', i));

/**
 * A person's motion tree, parents before children: the neck is the root, the body's limbs as
 * ControlNet draws them (already a tree from the neck), each hand from its body wrist, each foot
 * point from its ankle, the face from the nose.
 */
export const PERSON_BONES: readonly MotionBone[] = [
  { from: null, to: { part: 'body', index: BODY.neck } },
  ...BODY_LIMBS.map(([a, b]) => bone('body', a, 'body', b)),
  ...hand('leftHand', BODY.left_wrist),
  ...hand('rightHand', BODY.right_wrist),
  ...FOOT_LIMBS.map(([ankle, point]) => bone('body', ankle, 'feet', point)),
  ...FACE_BONES,
];

/**
 * An animal's motion tree from the neck: the head (nose, then each eye from it), the front legs,
 * the spine to the tail root and the back legs from there. The line between the eyes closes a loop
 * in the drawing and is not a bone.
 */
export const ANIMAL_BONES: readonly MotionBone[] = [
  { from: null, to: { part: 'keypoints', index: ANIMAL.neck } },
  ...ANIMAL.tree.map(([a, b]) => bone('keypoints', a, 'keypoints', b)),
];

/** A figure's motion tree. */
export function bonesOf(figure: Person | Animal): readonly MotionBone[] {
  return 'keypoints' in figure ? ANIMAL_BONES : PERSON_BONES;
}

/** The point a ref names on a figure, or undefined when the figure lacks that part or point. */
export function pointOf(figure: Person | Animal, ref: PointRef): Keypoint | undefined {
  return (figure as unknown as Record<PointPart, Keypoint[] | undefined>)[ref.part]?.[ref.index];
}
