// The body points of the skeletons in the wild, by their joint names (the names as each rig writes them).
import { describe, expect, it } from 'vitest';
import { bodyJoints } from '../../../../src/pose/bvh/jointNames.js';
import type { BvhJoint } from '../../../../src/pose/bvh/index.js';

const rig = (names: string[]): BvhJoint[] => names.map((name, i) => ({ name, parent: i - 1, offset: { x: 0, y: 0, z: 0 }, channels: [], firstValue: 0 }));
const pointsOf = (names: string[]) => Object.fromEntries(Object.entries(bodyJoints(rig(names))).map(([point, i]) => [point, names[i]]));

describe('BVH joint names', () => {
  it("reads CMU's skeleton (LHipJoint and LeftShoulder are its collar joints, not body points)", () => {
    const cmu = [
      'Hips',
      'LHipJoint',
      'LeftUpLeg',
      'LeftLeg',
      'LeftFoot',
      'LeftToeBase',
      'RHipJoint',
      'RightUpLeg',
      'RightLeg',
      'RightFoot',
      'LowerBack',
      'Spine',
      'Spine1',
      'Neck',
      'Neck1',
      'Head',
      'LeftShoulder',
      'LeftArm',
      'LeftForeArm',
      'LeftHand',
      'RightShoulder',
      'RightArm',
      'RightForeArm',
      'RightHand',
    ];
    expect(pointsOf(cmu)).toEqual({
      neck: 'Neck',
      left_hip: 'LeftUpLeg',
      left_knee: 'LeftLeg',
      left_ankle: 'LeftFoot',
      right_hip: 'RightUpLeg',
      right_knee: 'RightLeg',
      right_ankle: 'RightFoot',
      left_shoulder: 'LeftArm',
      left_elbow: 'LeftForeArm',
      left_wrist: 'LeftHand',
      right_shoulder: 'RightArm',
      right_elbow: 'RightForeArm',
      right_wrist: 'RightHand',
    });
  });

  it("reads Truebones' and 3ds Max Biped's names (Bip01 L Thigh, L Calf, L UpperArm, ...) and Mixamo's eyes", () => {
    const biped = [
      'Bip01',
      'Bip01 Pelvis',
      'Bip01 Spine',
      'Bip01 Neck',
      'Bip01 Head',
      'Bip01 L Clavicle',
      'Bip01 L UpperArm',
      'Bip01 L Forearm',
      'Bip01 L Hand',
      'Bip01 R Thigh',
      'Bip01 R Calf',
      'Bip01 R Foot',
    ];
    expect(pointsOf(biped)).toEqual({
      neck: 'Bip01 Neck',
      left_shoulder: 'Bip01 L UpperArm',
      left_elbow: 'Bip01 L Forearm',
      left_wrist: 'Bip01 L Hand',
      right_hip: 'Bip01 R Thigh',
      right_knee: 'Bip01 R Calf',
      right_ankle: 'Bip01 R Foot',
    });
    expect(pointsOf(['mixamorig:Head', 'mixamorig:LeftEye', 'mixamorig:RightEye'])).toEqual({ left_eye: 'mixamorig:LeftEye', right_eye: 'mixamorig:RightEye' });
  });
});
