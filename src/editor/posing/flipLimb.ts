import { BODY, FEET, flipLimbDepth, withPlausibleDepth, type Limb, type Person } from '../../pose';
import { updateEntities } from '../model/entities';
import type { JointRef } from '../model/joints';
import { isLocked, type Scene } from '../model/scene';

const ARM_LEG: ReadonlyArray<[Limb, readonly number[]]> = [
  ['rightArm', [BODY.right_shoulder, BODY.right_elbow, BODY.right_wrist]],
  ['leftArm', [BODY.left_shoulder, BODY.left_elbow, BODY.left_wrist]],
  ['rightLeg', [BODY.right_hip, BODY.right_knee, BODY.right_ankle]],
  ['leftLeg', [BODY.left_hip, BODY.left_knee, BODY.left_ankle]],
];

/** The arm or leg a person's point belongs to (a hand to its arm, a foot point to its leg), or null. */
export function limbOfJoint(joint: JointRef): Limb | null {
  if (joint.entity.kind !== 'person') return null;
  if (joint.part === 'rightHand') return 'rightArm';
  if (joint.part === 'leftHand') return 'leftArm';
  if (joint.part === 'feet') {
    const foot = FEET.find((f) => (f.points as readonly number[]).includes(joint.index));
    return foot ? (foot.side === 'right' ? 'rightLeg' : 'leftLeg') : null;
  }
  if (joint.part !== 'body') return null;
  return ARM_LEG.find(([, points]) => points.includes(joint.index))?.[0] ?? null;
}

const depthsOf = (p: Person) => [p.body, p.rightHand, p.leftHand, p.feet].flatMap((points) => (points ?? []).map((k) => k.z ?? 0));

/**
 * The scene with the limb of a joint flipped in depth (the other answer to which way a
 * foreshortened limb points; the drawing is unchanged). A person without depth first gets a
 * plausible one; a limb lying flat, a locked person or a point on no limb gives the same scene.
 */
export function flipJointLimb(scene: Scene, joint: JointRef): Scene {
  const limb = limbOfJoint(joint);
  const person = scene.pose.people[joint.entity.index];
  if (!limb || !person || isLocked(scene, joint.entity)) return scene;
  const withDepth = withPlausibleDepth(person);
  const flipped = flipLimbDepth(withDepth, limb);
  const [before, after] = [depthsOf(withDepth), depthsOf(flipped)];
  if (after.every((z, i) => Math.abs(z - before[i]!) < 1e-9)) return scene;
  return updateEntities(scene, [joint.entity], { person: () => flipped });
}
