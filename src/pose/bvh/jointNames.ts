import { BODY_KEYPOINT_NAMES } from '../bodyTopology.js';
import type { BvhJoint } from './bvhTypes.js';

// The joints a body point comes from, by the names skeletons in the wild give them: CMU's
// (LeftUpLeg, LeftLeg, LeftFoot, LeftArm, LeftForeArm, LeftHand; LHipJoint and LeftShoulder are
// collar joints there), Mixamo's (the same with "mixamorig:"; LeftShoulder is the clavicle),
// Truebones' and 3ds Max Biped's ("Bip01 L Thigh", "L Calf", "L UpperArm", "L Forearm"),
// mocapbank's and other older files' (LeftHip, LeftKnee, LeftAnkle, LeftShoulder, LeftElbow,
// LeftWrist). Names are compared lower-case without spaces, underscores, dots or a rig prefix;
// for each point the first base found wins, so Mixamo's LeftArm beats its LeftShoulder.

/** The body points a BVH skeleton gives directly; the rest of the head is placed from the head joint. */
export type BvhBodyPoint = (typeof BODY_KEYPOINT_NAMES)[number];

const SIDED: Readonly<Partial<Record<string, readonly string[]>>> = {
  shoulder: ['arm', 'upperarm', 'uparm', 'humerus', 'shoulder'],
  elbow: ['forearm', 'lowerarm', 'lowarm', 'radius', 'elbow'],
  wrist: ['hand', 'wrist'],
  hip: ['upleg', 'upperleg', 'thigh', 'femur', 'hip'],
  knee: ['leg', 'lowerleg', 'lowleg', 'calf', 'shin', 'tibia', 'knee'],
  ankle: ['foot', 'ankle'],
  eye: ['eye'],
  ear: ['ear'],
};

const CENTRAL: Readonly<Partial<Record<BvhBodyPoint, readonly string[]>>> = {
  neck: ['neck', 'neck1', 'lowerneck'],
  nose: ['nose'],
};

/** The names of a head joint, from whose place and turn the face points are placed when the skeleton has none. */
export const HEAD_NAMES: readonly string[] = ['head'];

/** The names of a pelvis or hips root. */
export const HIPS_NAMES: readonly string[] = ['hips', 'hip', 'pelvis', 'root'];

/** A joint name as compared: lower case, without a rig prefix ("mixamorig:", "Bip01 ", "Bip001 ") and without spaces, underscores, dots and dashes. */
export function plainName(name: string): string {
  return name
    .replace(/^.*:/, '')
    .replace(/^bip0*1[\s_]*/i, '')
    .replace(/[\s_.-]/g, '')
    .toLowerCase();
}

const sideForms = (side: 'left' | 'right', base: string): string[] => {
  const s = side[0]!;
  return [`${side}${base}`, `${s}${base}`, `${base}${side}`, `${base}${s}`];
};

/** For each body point the skeleton holds, the index of the joint it is taken from. */
export function bodyJoints(joints: readonly BvhJoint[]): Partial<Record<BvhBodyPoint, number>> {
  const byName = new Map<string, number>();
  joints.forEach((j, i) => {
    const name = plainName(j.name);
    if (!byName.has(name)) byName.set(name, i);
  });
  const first = (names: readonly string[]) => names.map((n) => byName.get(n)).find((i) => i !== undefined);
  const found: Partial<Record<BvhBodyPoint, number>> = {};
  for (const point of BODY_KEYPOINT_NAMES) {
    const [side, part] = point.split('_') as [string, string | undefined];
    const names = part && (side === 'left' || side === 'right') ? (SIDED[part] ?? []).flatMap((base) => sideForms(side, base)) : (CENTRAL[point] ?? []);
    const index = first(names);
    if (index !== undefined) found[point] = index;
  }
  return found;
}

/** The index of the first joint with one of `names` (compared plain), or undefined. */
export function jointNamed(joints: readonly BvhJoint[], names: readonly string[]): number | undefined {
  const i = joints.findIndex((j) => names.includes(plainName(j.name)));
  return i < 0 ? undefined : i;
}
