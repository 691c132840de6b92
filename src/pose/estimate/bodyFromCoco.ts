import type { Keypoint } from '../types.js';
import { COCO_17_NAMES, type DetectedBody, type DetectedPoint } from './detections.js';

/** For each OpenPose COCO-18 point, the COCO-17 point it comes from; -1 is the neck, which COCO lacks. */
export const OPENPOSE_FROM_COCO_17: readonly number[] = [0, -1, 6, 8, 10, 5, 7, 9, 12, 14, 16, 11, 13, 15, 2, 1, 4, 3];

const SHOULDERS = { left: 5, right: 6 } as const;

/** The neck OpenPose has and COCO lacks: midpoint of the shoulders, as confident as the weaker one. */
export function neckFromShoulders(left: DetectedPoint, right: DetectedPoint): DetectedPoint {
  return { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2, score: Math.min(left.score, right.score) };
}

/** COCO-17 points to the 18 OpenPose points, with scores; same left/right (both are the person's own). */
export function openPosePointsFromCoco(body: DetectedBody): DetectedPoint[] {
  if (body.keypoints.length !== COCO_17_NAMES.length) throw new Error(`A COCO body has 17 points, got ${body.keypoints.length}`);
  const neck = neckFromShoulders(body.keypoints[SHOULDERS.left], body.keypoints[SHOULDERS.right]);
  return OPENPOSE_FROM_COCO_17.map((from) => (from < 0 ? neck : body.keypoints[from]));
}

/** A detected point as a keypoint: visible when the model is at least this sure. */
export function keypointFrom(point: DetectedPoint, minScore: number): Keypoint {
  return { x: point.x, y: point.y, visible: point.score >= minScore };
}

/** A MoveNet person as the 18 OpenPose body keypoints; a point below minScore is hidden. */
export function bodyFromCoco(body: DetectedBody, minScore: number): Keypoint[] {
  return openPosePointsFromCoco(body).map((p) => keypointFrom(p, minScore));
}
