import type { Vec3 } from '../types.js';

/** A BVH channel: a position along or a rotation about one axis of the joint's parent frame. */
export type BvhChannel = 'Xposition' | 'Yposition' | 'Zposition' | 'Xrotation' | 'Yrotation' | 'Zrotation';

/** Every channel a BVH file may name. */
export const BVH_CHANNELS: readonly BvhChannel[] = ['Xposition', 'Yposition', 'Zposition', 'Xrotation', 'Yrotation', 'Zrotation'];

/** One joint of a BVH hierarchy, parents before children. */
export interface BvhJoint {
  name: string;
  /** Index of the parent joint; -1 for the root. */
  parent: number;
  /** Where the joint sits in its parent's frame at rest. */
  offset: Vec3;
  channels: BvhChannel[];
  /** Index of the joint's first channel value in a frame line. */
  firstValue: number;
  /** The End Site's offset, for a joint that ends a chain. */
  end?: Vec3 | undefined;
}

/** A BVH file read: its joints, seconds a frame, and each frame's channel values. */
export interface Bvh {
  joints: BvhJoint[];
  frameTime: number;
  frames: Float64Array[];
}
