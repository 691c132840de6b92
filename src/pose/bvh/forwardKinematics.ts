import type { Vec3 } from '../types.js';
import type { Bvh, BvhJoint } from './bvhTypes.js';
import { apply, axisRotation, IDENTITY, multiply, type Mat3 } from './rotation.js';

/** Each joint's place and turn in the world at one frame, in the file's units. */
export interface JointPose {
  position: Vec3;
  rotation: Mat3;
  /** Where the joint's End Site lies, when it has one. */
  end?: Vec3 | undefined;
}

const add = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x + b.x, y: a.y + b.y, z: a.z + b.z });

// A joint's local transform: its offset plus its position channels (the root's translation in
// CMU's and Mixamo's files, whose root offsets are zero), then its rotation channels multiplied in
// the order written: "Zrotation Xrotation Yrotation" is Rz Rx Ry applied to column vectors.
function local(joint: BvhJoint, values: Float64Array): { translation: Vec3; rotation: Mat3 } {
  let translation = joint.offset;
  let rotation = IDENTITY;
  joint.channels.forEach((channel, i) => {
    const value = values[joint.firstValue + i] ?? 0;
    const axis = channel[0] as 'X' | 'Y' | 'Z';
    if (channel.endsWith('position')) translation = add(translation, { x: axis === 'X' ? value : 0, y: axis === 'Y' ? value : 0, z: axis === 'Z' ? value : 0 });
    else rotation = multiply(rotation, axisRotation(axis, value));
  });
  return { translation, rotation };
}

/** Every joint's world pose at one frame of the file (parents come before children, so one pass does it). */
export function jointPoses(bvh: Bvh, frame: number): JointPose[] {
  const values = bvh.frames[frame]!;
  const poses: JointPose[] = [];
  for (const joint of bvh.joints) {
    const { translation, rotation } = local(joint, values);
    const parent = poses[joint.parent];
    const pose: JointPose = parent
      ? { position: add(parent.position, apply(parent.rotation, translation)), rotation: multiply(parent.rotation, rotation) }
      : { position: translation, rotation };
    if (joint.end) pose.end = add(pose.position, apply(pose.rotation, joint.end));
    poses.push(pose);
  }
  return poses;
}
