import { PERSON_PARTS, personHasDepth, type PersonPart } from '../depth/hasDepth.js';
import type { Keypoint, Person } from '../types.js';
import type { OpenPosePersonJson } from './openPoseJson.js';

/** OpenPose's own 3D key of each part (x, y, z, confidence per point), written beside the 2D key. */
export const DEPTH_KEYS: Readonly<Record<PersonPart, keyof OpenPosePersonJson>> = {
  body: 'pose_keypoints_3d',
  rightHand: 'hand_right_keypoints_3d',
  leftHand: 'hand_left_keypoints_3d',
  face: 'face_keypoints_3d',
  feet: 'foot_keypoints_3d',
};

// A point is written as the 2D key writes it (hidden: all zeros), so the two keys never disagree;
// a shown point without a depth gets confidence 0 in the 3D key: its depth is not known.
function flattenDepth(points: readonly Keypoint[]): number[] {
  const flat: number[] = [];
  for (const p of points) {
    if (p.visible && p.z !== undefined) flat.push(p.x, p.y, p.z, 1);
    else if (p.visible) flat.push(p.x, p.y, 0, 0);
    else flat.push(0, 0, 0, 0);
  }
  return flat;
}

/** The person's 3D keys, one per present part, when any of its points has a depth; none otherwise. */
export function depthJson(person: Person): Partial<OpenPosePersonJson> {
  if (!personHasDepth(person)) return {};
  const json: Partial<Record<keyof OpenPosePersonJson, number[]>> = {};
  for (const part of PERSON_PARTS) {
    const points = person[part];
    if (points) json[DEPTH_KEYS[part]] = flattenDepth(points);
  }
  return json;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// Only a depth written in the drawing's own pixels is taken: the 3D point must stand where the 2D
// point is. OpenPose's triangulated 3D output (in world units, BODY_25) does not, and is left out.
const SAME_PLACE = 1e-3;

function readPartDepth(points: Keypoint[], raw: unknown): Keypoint[] {
  if (!Array.isArray(raw) || raw.length !== points.length * 4 || !raw.every((n) => typeof n === 'number' && Number.isFinite(n))) return points;
  const numbers = raw as number[];
  return points.map((p, i) => {
    const [x, y, z, c] = numbers.slice(i * 4, i * 4 + 4) as [number, number, number, number];
    const samePlace = Math.abs(x - p.x) <= SAME_PLACE && Math.abs(y - p.y) <= SAME_PLACE;
    return p.visible && c > 0 && samePlace ? { ...p, z } : p;
  });
}

/**
 * The person with the depths its file entry holds under the 3D keys. The 2D keys stay the source of
 * every x, y and visibility; a malformed 3D key is ignored, as every other reader ignores it.
 */
export function withFileDepth(person: Person, entry: unknown): Person {
  if (!isRecord(entry)) return person;
  const next: Person = { ...person };
  for (const part of PERSON_PARTS) {
    const points = next[part];
    if (points && entry[DEPTH_KEYS[part]] !== undefined) next[part] = readPartDepth(points, entry[DEPTH_KEYS[part]]);
  }
  return next;
}
