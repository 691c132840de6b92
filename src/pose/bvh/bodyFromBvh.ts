import { BODY_KEYPOINT_NAMES } from '../bodyTopology.js';
import type { Vec3 } from '../types.js';
import type { Bvh } from './bvhTypes.js';
import { jointPoses, type JointPose } from './forwardKinematics.js';
import { bodyJoints, HEAD_NAMES, HIPS_NAMES, jointNamed, type BvhBodyPoint } from './jointNames.js';
import { apply, multiply, transpose, type Mat3 } from './rotation.js';

// A BVH skeleton's frame as the 18 OpenPose body points in the file's 3D space. The points a
// skeleton names are its joints' places; a neck it lacks is its shoulders' middle; the face
// points it lacks (most skeletons end in a head joint) are placed on the head: its size is the
// neck-to-head or head-to-top length, its axes the body's at rest (left from hip to hip, up from
// the hips to the neck, forward their cross product: BVH is right-handed) turned as the head turns.

/** The body of one frame: each OpenPose point's place in the file's units, or null where the skeleton gives none. */
export type BvhBody = Array<Vec3 | null>;

const sub = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const add = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x + b.x, y: a.y + b.y, z: a.z + b.z });
const scale = (a: Vec3, k: number): Vec3 => ({ x: a.x * k, y: a.y * k, z: a.z * k });
const len = (a: Vec3) => Math.hypot(a.x, a.y, a.z);
const unit = (a: Vec3): Vec3 => scale(a, 1 / (len(a) || 1));
const dot = (a: Vec3, b: Vec3) => a.x * b.x + a.y * b.y + a.z * b.z;
const cross = (a: Vec3, b: Vec3): Vec3 => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });

// Where each face point lies on a head of length 1: along the head's left, up and forward axes from the head joint.
const FACE_ON_HEAD: Readonly<Partial<Record<BvhBodyPoint, Vec3>>> = {
  nose: { x: 0, y: 0.4, z: 0.55 },
  right_eye: { x: -0.18, y: 0.55, z: 0.45 },
  left_eye: { x: 0.18, y: 0.55, z: 0.45 },
  right_ear: { x: -0.42, y: 0.45, z: 0 },
  left_ear: { x: 0.42, y: 0.45, z: 0 },
};

/** What a skeleton is read by: which joint gives each point, and the head's rest axes. */
export interface BvhBodyMap {
  joints: Partial<Record<BvhBodyPoint, number>>;
  head: number | undefined;
  /** The head joint's rest turn and the body's rest axes (left, up, forward) as columns. */
  restHead: Mat3;
  restAxes: Mat3;
  headLength: number;
}

const columns = (a: Vec3, b: Vec3, c: Vec3): Mat3 => [a.x, b.x, c.x, a.y, b.y, c.y, a.z, b.z, c.z];

/** How a skeleton's joints give the body points, or null when it lacks a body (no hips, or no legs and no arms). */
export function bodyMapOf(bvh: Bvh): BvhBodyMap | null {
  const joints = bodyJoints(bvh.joints);
  const hasLimbs =
    (joints.left_hip !== undefined && joints.right_hip !== undefined) || (joints.left_shoulder !== undefined && joints.right_shoulder !== undefined);
  const head = jointNamed(bvh.joints, HEAD_NAMES);
  if (!hasLimbs || (head === undefined && joints.neck === undefined && joints.nose === undefined)) return null;
  const rest = jointPoses({ ...bvh, frames: [new Float64Array(bvh.frames[0]?.length ?? 0)] }, 0);
  const at = (i: number | undefined) => (i === undefined ? undefined : rest[i]?.position);
  const [lh, rh, ls, rs] = [at(joints.left_hip), at(joints.right_hip), at(joints.left_shoulder), at(joints.right_shoulder)];
  const leftRaw = lh && rh ? sub(lh, rh) : sub(ls!, rs!);
  const root = at(jointNamed(bvh.joints, HIPS_NAMES)) ?? (lh && rh ? scale(add(lh, rh), 0.5) : rest[0]!.position);
  const top = at(joints.neck) ?? at(head) ?? (ls && rs ? scale(add(ls, rs), 0.5) : root);
  const left = unit(leftRaw);
  const upRaw = sub(top, root);
  const up = unit(sub(upRaw, scale(left, dot(upRaw, left))));
  const forward = cross(left, up);
  const headPose = head === undefined ? undefined : rest[head];
  const headEnd = headPose?.end;
  const neck = at(joints.neck);
  const headLength = headPose ? (headEnd ? len(sub(headEnd, headPose.position)) : neck ? len(sub(headPose.position, neck)) : 0) : 0;
  return { joints, head, restHead: headPose?.rotation ?? [1, 0, 0, 0, 1, 0, 0, 0, 1], restAxes: columns(left, up, forward), headLength };
}

/** The body points at one frame, from the joints' world poses. */
export function bodyAt(map: BvhBodyMap, poses: readonly JointPose[]): BvhBody {
  const placed = (point: BvhBodyPoint): Vec3 | null => {
    const i = map.joints[point];
    return i === undefined ? null : poses[i]!.position;
  };
  const body: BvhBody = BODY_KEYPOINT_NAMES.map(placed);
  const [ls, rs] = [body[5], body[2]];
  if (!body[1] && ls && rs) body[1] = scale(add(ls, rs), 0.5);
  const headPose = map.head === undefined ? undefined : poses[map.head];
  if (headPose && map.headLength > 0) {
    // The head's axes now: its turn since rest applied to the body's rest axes.
    const axes = multiply(multiply(headPose.rotation, transpose(map.restHead)), map.restAxes);
    BODY_KEYPOINT_NAMES.forEach((name, i) => {
      const onHead = FACE_ON_HEAD[name];
      if (!body[i] && onHead) body[i] = add(headPose.position, apply(axes, scale(onHead, map.headLength)));
    });
  }
  return body;
}

/** Every frame's body points, for the frames asked (source frame indices). */
export function bodiesOf(bvh: Bvh, map: BvhBodyMap, frames: readonly number[]): BvhBody[] {
  return frames.map((f) => bodyAt(map, jointPoses(bvh, f)));
}
