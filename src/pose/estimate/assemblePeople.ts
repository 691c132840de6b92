import { mapPerson, personBoundingBox } from '../person.js';
import type { Keypoint, Person, PoseDocument } from '../types.js';
import { assignFaces } from './assignFaces.js';
import { assignHands } from './assignHands.js';
import { bodyFromCoco } from './bodyFromCoco.js';
import type { DetectedBody, DetectedFace, DetectedHand } from './detections.js';

/** How sure the models must be before a person or a point is shown. */
export interface EstimateThresholds {
  /** MoveNet's score for the whole person. */
  minPersonScore: number;
  /** MoveNet's score for one body point. */
  minKeypointScore: number;
  /** Fewer visible body points than this is a stray detection, not a person. */
  minVisibleKeypoints: number;
}

/** Chosen on the test photos (tests/fixtures/estimator): they keep every real person and drop hidden limbs. */
export const DEFAULT_THRESHOLDS: EstimateThresholds = { minPersonScore: 0.2, minKeypointScore: 0.25, minVisibleKeypoints: 4 };

const visibleCount = (points: readonly Keypoint[]) => points.filter((p) => p.visible).length;

/** The people MoveNet found, body only, ordered left to right so results read like the photo. */
export function peopleFromBodies(bodies: readonly DetectedBody[], thresholds: EstimateThresholds = DEFAULT_THRESHOLDS): Person[] {
  const people = bodies
    .filter((b) => b.score >= thresholds.minPersonScore)
    .map((b) => ({ body: bodyFromCoco(b, thresholds.minKeypointScore) }))
    .filter((p) => visibleCount(p.body) >= thresholds.minVisibleKeypoints);
  const left = (p: Person) => personBoundingBox(p)?.minX ?? 0;
  return people.sort((a, b) => left(a) - left(b));
}

/** The people with the faces given to them (see assignFaces). */
export function withFaces(people: readonly Person[], faces: readonly DetectedFace[]): Person[] {
  const result = people.map((p) => ({ ...p }));
  for (const { person, keypoints } of assignFaces(people, faces)) result[person].face = keypoints;
  return result;
}

/** The people with the hands given to them (see assignHands). */
export function withHands(people: readonly Person[], hands: readonly DetectedHand[]): Person[] {
  const result = people.map((p) => ({ ...p }));
  for (const { person, side, keypoints } of assignHands(people, hands)) {
    if (side === 'left') result[person].leftHand = keypoints;
    else result[person].rightHand = keypoints;
  }
  return result;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The people as a document in the photo's own pixels: coordinates scaled from the image the models
 * saw, rounded to 0.01 px, and a point that falls outside the photo hidden (OpenPose has no such points).
 */
export function toPhotoDocument(people: readonly Person[], seen: { width: number; height: number }, photo: { width: number; height: number }): PoseDocument {
  const [sx, sy] = [photo.width / seen.width, photo.height / seen.height];
  // Depth scales with the image (the two factors differ only by rounding).
  const sz = (sx + sy) / 2;
  const scaled = people.map((p) => mapPerson(p, (q) => ({ x: round2(q.x * sx), y: round2(q.y * sy), ...(q.z === undefined ? {} : { z: round2(q.z * sz) }) })));
  const inside = (k: Keypoint) => k.x > 0 && k.y > 0 && k.x < photo.width && k.y < photo.height;
  const clipped = scaled.map((p) => {
    const hide = (points: Keypoint[] | undefined) => points?.map((k) => (k.visible && !inside(k) ? { ...k, visible: false } : k));
    return { body: hide(p.body)!, leftHand: hide(p.leftHand), rightHand: hide(p.rightHand), face: hide(p.face) };
  });
  return { canvas_width: photo.width, canvas_height: photo.height, people: clipped, animals: [] };
}
