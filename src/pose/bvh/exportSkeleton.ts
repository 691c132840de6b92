import { BODY } from '../bodyTopology.js';

/**
 * The skeleton Posecraft writes BVH with (Mixamo's names, which Blender's importer, Mixamo and
 * retargeting tools know). Every joint but the root turns by three channels, Zrotation Xrotation
 * Yrotation; the root, Hips, at the middle of the hips, also moves by Xposition Yposition
 * Zposition. Each joint named below sits at the body point in brackets; before it, a joint named
 * with "Mid" (RightUpLegMid, ...) halves its bone, so the bone can be as long as the pose draws it
 * in every frame though BVH bones keep their length: the two halves, each half the bone's longest,
 * bend at the middle where it is drawn shorter. A joint written with OFFSET 0 0 0 and one child
 * (RightHipJoint, Spine, RightShoulder, Head, RightEyeJoint, ...) is there to turn that one bone
 * alone, as CMU's LHipJoint does: a joint's turn moves all its children, and the hips, neck and nose
 * each have several. Y is up, Z toward the viewer, units are centimetres of a 170 cm figure.
 *
 * Hips (the middle of the hips; Mid joints left out here)
 *   RightHipJoint > RightUpLeg (right hip) > RightLeg (right knee) > RightFoot (right ankle) > End Site
 *   LeftHipJoint > LeftUpLeg > LeftLeg > LeftFoot > End Site
 *   Spine > Neck (neck)
 *     RightShoulder > RightArm (right shoulder) > RightForeArm (elbow) > RightHand (wrist) > End Site
 *     LeftShoulder > LeftArm > LeftForeArm > LeftHand > End Site
 *     Head > Nose (nose)
 *       RightEyeJoint > RightEye (right eye) > RightEar (right ear) > End Site
 *       LeftEyeJoint > LeftEye > LeftEar > End Site
 */
export interface ExportJoint {
  name: string;
  parent: number;
  /** The body point at the joint's own place; EXPORT_MID_HIP for the root, AT_PARENT for a joint at its parent's place. */
  point: number;
}

/** `point` of the root: the middle of the hips. */
export const EXPORT_MID_HIP = -1;

/** `point` of a joint at its parent's place. */
export const AT_PARENT = -2;

const MID_HIP = EXPORT_MID_HIP;

// [name, parent name, the body point it sits at (undefined: its parent's place)].
const JOINTS: ReadonlyArray<readonly [string, string | null, number | undefined]> = [
  ['Hips', null, MID_HIP],
  ['RightHipJoint', 'Hips', undefined],
  ['RightUpLeg', 'RightHipJoint', BODY.right_hip],
  ['RightLeg', 'RightUpLeg', BODY.right_knee],
  ['RightFoot', 'RightLeg', BODY.right_ankle],
  ['LeftHipJoint', 'Hips', undefined],
  ['LeftUpLeg', 'LeftHipJoint', BODY.left_hip],
  ['LeftLeg', 'LeftUpLeg', BODY.left_knee],
  ['LeftFoot', 'LeftLeg', BODY.left_ankle],
  ['Spine', 'Hips', undefined],
  ['Neck', 'Spine', BODY.neck],
  ['RightShoulder', 'Neck', undefined],
  ['RightArm', 'RightShoulder', BODY.right_shoulder],
  ['RightForeArm', 'RightArm', BODY.right_elbow],
  ['RightHand', 'RightForeArm', BODY.right_wrist],
  ['LeftShoulder', 'Neck', undefined],
  ['LeftArm', 'LeftShoulder', BODY.left_shoulder],
  ['LeftForeArm', 'LeftArm', BODY.left_elbow],
  ['LeftHand', 'LeftForeArm', BODY.left_wrist],
  ['Head', 'Neck', undefined],
  ['Nose', 'Head', BODY.nose],
  ['RightEyeJoint', 'Nose', undefined],
  ['RightEye', 'RightEyeJoint', BODY.right_eye],
  ['RightEar', 'RightEye', BODY.right_ear],
  ['LeftEyeJoint', 'Nose', undefined],
  ['LeftEye', 'LeftEyeJoint', BODY.left_eye],
  ['LeftEar', 'LeftEye', BODY.left_ear],
];

/** The export skeleton's joints, parents first. */
export const EXPORT_JOINTS: readonly ExportJoint[] = JOINTS.map(([name, parent, point], _, all) => ({
  name,
  parent: all.findIndex(([n]) => n === parent),
  point: point ?? AT_PARENT,
}));
