import { describe, expect, it } from 'vitest';
import { BODY, FOOT } from '../../../../src/pose/index.js';
import { getAction, isEnabled, performEdit } from '../../../../src/editor/actions/registry';
import type { EditAction } from '../../../../src/editor/actions/types';
import type { JointRef } from '../../../../src/editor/model/joints';
import type { Selection } from '../../../../src/editor/model/selection';
import { limbOfJoint } from '../../../../src/editor/posing/flipLimb';
import { pushJointInScene } from '../../../../src/editor/posing/push';
import { sampleScene } from '../scenes';

const P0 = { kind: 'person' as const, index: 0 };
const joint = (index: number, part: JointRef['part'] = 'body'): JointRef => ({ entity: P0, part, index });
const action = getAction('flipLimbDepth') as EditAction;
const selecting = (j: JointRef): Selection => ({ entities: [j.entity], joint: j });

describe('flipping the depth of a joint’s limb', () => {
  it('knows the arm or leg of a body joint, a hand point and a foot point', () => {
    expect(limbOfJoint(joint(BODY.left_elbow))).toBe('leftArm');
    expect(limbOfJoint(joint(7, 'rightHand'))).toBe('rightArm');
    expect(limbOfJoint(joint(FOOT.left_heel, 'feet'))).toBe('leftLeg');
    expect(limbOfJoint(joint(BODY.right_ankle))).toBe('rightLeg');
    expect(limbOfJoint(joint(BODY.nose))).toBeNull();
  });

  it('sends a wrist pushed toward the viewer as far behind, the drawing and 3D lengths unchanged, as one edit', () => {
    const pushed = pushJointInScene(sampleScene(), joint(BODY.right_wrist), 50);
    const state = (s: typeof pushed) => ({ scene: s, selection: selecting(joint(BODY.right_elbow)), idle: true, symmetry: false });
    expect(isEnabled(action, state(pushed), {} as never)).toBe(true);
    const flipped = performEdit(action, pushed, selecting(joint(BODY.right_elbow)), { symmetry: false }).scene;
    const [before, after] = [pushed.pose.people[0]!.body, flipped.pose.people[0]!.body];
    const shoulderZ = before[BODY.right_shoulder]!.z!;
    expect(after[BODY.right_wrist]!.z! - shoulderZ).toBeCloseTo(-(before[BODY.right_wrist]!.z! - shoulderZ), 9);
    expect(after.map((p) => [p.x, p.y])).toEqual(before.map((p) => [p.x, p.y]));
    expect(flipped.pose.people[0]!.rightHand![0]!.z).toBeCloseTo(after[BODY.right_wrist]!.z!, 9);
    // The other arm is left as it was.
    expect(after[BODY.left_wrist]).toEqual(before[BODY.left_wrist]);
  });

  it('is not offered for a limb lying flat, the head, or a locked person', () => {
    const scene = sampleScene();
    const enabled = (j: JointRef, s = scene) => isEnabled(action, { scene: s, selection: selecting(j), idle: true, symmetry: false }, {} as never);
    const person = scene.pose.people[0]!;
    const flat = { ...scene, pose: { ...scene.pose, people: [{ ...person, body: person.body.map((p) => ({ ...p, z: 0 })) }, ...scene.pose.people.slice(1)] } };
    expect(enabled(joint(BODY.right_wrist), flat)).toBe(false);
    expect(enabled(joint(BODY.right_wrist), pushJointInScene(flat, joint(BODY.right_wrist), 20))).toBe(true);
    expect(enabled(joint(BODY.nose))).toBe(false);
    expect(enabled({ entity: { kind: 'person', index: 1 }, part: 'body', index: BODY.right_wrist })).toBe(false);
  });
});
