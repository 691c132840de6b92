import { BODY } from '../bodyTopology.js';
import { FEET } from '../footTopology.js';
import type { Keypoint, Person } from '../types.js';

/** An arm or a leg, the unit whose depth can be flipped. */
export type Limb = 'rightArm' | 'leftArm' | 'rightLeg' | 'leftLeg';

/** Every limb, right before left. */
export const LIMBS: readonly Limb[] = ['rightArm', 'leftArm', 'rightLeg', 'leftLeg'];

const footOf = (side: 'left' | 'right') => FEET.find((f) => f.side === side)!.points;

// Each limb turns about its root (shoulder, hip): its body joints, then the hand or foot it carries.
const LIMB_POINTS: Readonly<Record<Limb, { root: number; body: readonly number[]; hand?: 'rightHand' | 'leftHand'; feet?: readonly number[] }>> = {
  rightArm: { root: BODY.right_shoulder, body: [BODY.right_elbow, BODY.right_wrist], hand: 'rightHand' },
  leftArm: { root: BODY.left_shoulder, body: [BODY.left_elbow, BODY.left_wrist], hand: 'leftHand' },
  rightLeg: { root: BODY.right_hip, body: [BODY.right_knee, BODY.right_ankle], feet: footOf('right') },
  leftLeg: { root: BODY.left_hip, body: [BODY.left_knee, BODY.left_ankle], feet: footOf('left') },
};

/**
 * The person with one limb's depth flipped: every point of the arm (with its hand) or leg (with its
 * foot) mirrored in depth about its shoulder or hip. The drawing and every 3D bone length stay the
 * same; it is the other answer to which way a foreshortened limb points. A limb without depth is unchanged.
 */
export function flipLimbDepth(person: Person, limb: Limb): Person {
  const { root, body, hand, feet } = LIMB_POINTS[limb];
  const rootZ = person.body[root]?.z;
  if (rootZ === undefined) return person;
  const flip = (p: Keypoint): Keypoint => (p.z === undefined ? p : { ...p, z: 2 * rootZ - p.z });
  const pick = (indices: readonly number[]) => (p: Keypoint, i: number) => (indices.includes(i) ? flip(p) : p);
  const next: Person = { ...person, body: person.body.map(pick(body)) };
  if (hand && person[hand]) next[hand] = person[hand].map(flip);
  if (feet && person.feet) next.feet = person.feet.map(pick(feet));
  return next;
}
