import { BODY_KEYPOINT_COUNT } from '../bodyTopology.js';
import { FACE_KEYPOINT_COUNT } from '../faceTopology.js';
import { HAND_KEYPOINT_COUNT } from '../handTopology.js';
import { pairListCanvas, readPair } from './pointList.js';

// TRI3D's ComfyUI nodes (SaveFlattenedPoseKpsAsJsonFile) save the first person of a pose as
// {"height", "width", "keypoints": [[x, y], ...]}: 130 pairs, the 18 body points, the 70 face
// points, then the left and the right hand's 21, every missing point written as [-1, -1].

const PARTS = [
  ['pose_keypoints_2d', BODY_KEYPOINT_COUNT],
  ['face_keypoints_2d', FACE_KEYPOINT_COUNT],
  ['hand_left_keypoints_2d', HAND_KEYPOINT_COUNT],
  ['hand_right_keypoints_2d', HAND_KEYPOINT_COUNT],
] as const;

/** Pairs in a TRI3D flattened pose: body, face and both hands of one person. */
export const TRI3D_PAIR_COUNT = PARTS.reduce((n, [, count]) => n + count, 0);

/** Whether a pose file is TRI3D's flattened pose: a `keypoints` list of exactly 130 [x, y] pairs and no people. */
export const isTri3dPose = (root: Record<string, unknown>): boolean =>
  Array.isArray(root.keypoints) &&
  root.keypoints.length === TRI3D_PAIR_COUNT &&
  Array.isArray(root.keypoints[0]) &&
  !Array.isArray(root.keypoints[0][0]) &&
  root.people === undefined;

/** The TRI3D pose in ControlNet's shape: one person, a point at a negative coordinate missing (confidence 0), every other shown. */
export function tri3dAsPeople(root: Record<string, unknown>): Record<string, unknown> {
  const pairs = (root.keypoints as unknown[]).map((p, i) => readPair(p, `keypoints[${i}]`));
  const person: Record<string, number[]> = {};
  let start = 0;
  for (const [key, count] of PARTS) {
    person[key] = pairs.slice(start, start + count).flatMap(([x, y]) => (x < 0 || y < 0 ? [0, 0, 0] : [x, y, 1]));
    start += count;
  }
  return { ...pairListCanvas(root), people: [person] };
}
