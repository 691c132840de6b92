import { describeJsonValue } from '../problems.js';
import { InvalidPoseJson } from './describe.js';
import { pairListCanvas, readPair } from './pointList.js';

// ComfyUI OpenPose Studio's legacy layout (andreszs/ComfyUI-OpenPose-Studio, its "legacy" schema):
// {"width", "height", "keypoints": [[[x, y], ...], ...]}, one list of 18 (or 17, COCO-17) [x, y]
// points per person, and `face_keypoints_2d`, `hand_left_keypoints_2d`, `hand_right_keypoints_2d`
// as one list of pairs per person. A point written null or [0, 0] is missing.

const PART_KEYS = ['face_keypoints_2d', 'hand_left_keypoints_2d', 'hand_right_keypoints_2d'] as const;

const isPairGroups = (value: unknown): value is unknown[][] =>
  Array.isArray(value) && value.length > 0 && Array.isArray(value[0]) && (value[0].length === 0 || Array.isArray(value[0][0]) || value[0][0] === null);

/** Whether a pose file is OpenPose Studio's legacy layout: `keypoints` holding one list of [x, y] points per person, and no people. */
export const isStudioLegacy = (root: Record<string, unknown>): boolean => isPairGroups(root.keypoints) && root.people === undefined;

function triples(group: unknown, path: string): number[] {
  if (!Array.isArray(group)) throw new InvalidPoseJson({ code: 'notArray', values: { path, value: describeJsonValue(group) } });
  return group.flatMap((point, i) => {
    if (point === null) return [0, 0, 0];
    const [x, y] = readPair(point, `${path}[${i}]`);
    return x === 0 && y === 0 ? [0, 0, 0] : [x, y, 1];
  });
}

/** The legacy file in ControlNet's shape: one person per group, every written point shown (confidence 1), null and [0, 0] missing. */
export function studioLegacyAsPeople(root: Record<string, unknown>): Record<string, unknown> {
  const groups = root.keypoints as unknown[];
  const people = groups.map((group, n) => {
    const person: Record<string, number[]> = { pose_keypoints_2d: triples(group, `keypoints[${n}]`) };
    for (const key of PART_KEYS) {
      const part = root[key];
      if (isPairGroups(part) && part[n] !== undefined) person[key] = triples(part[n], `${key}[${n}]`);
    }
    return person;
  });
  return { ...pairListCanvas(root), people };
}
