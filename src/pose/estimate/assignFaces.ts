import { BODY } from '../bodyTopology.js';
import type { Keypoint, Person, Vec2 } from '../types.js';
import type { DetectedFace } from './detections.js';
import { faceFromMesh } from './faceFromMesh.js';
import { matchNearest } from './matchNearest.js';
import { distance } from '../geometry.js';

/** How far a face's centre may lie from a person's head point, in face sizes. */
export const MAX_HEAD_GAP_IN_FACES = 0.6;

const HEAD_POINTS = [BODY.nose, BODY.right_eye, BODY.left_eye, BODY.right_ear, BODY.left_ear];

/** Where a person's head is: the nose if seen, else the middle of the eyes and ears that are. */
export function headPoint(person: Person): Vec2 | null {
  const nose = person.body[BODY.nose];
  if (nose?.visible) return { x: nose.x, y: nose.y };
  const seen = HEAD_POINTS.map((i) => person.body[i]).filter((p) => p?.visible);
  if (seen.length === 0) return null;
  return { x: seen.reduce((s, p) => s + p.x, 0) / seen.length, y: seen.reduce((s, p) => s + p.y, 0) / seen.length };
}

/** Centre and size (diagonal of the box around its 68 points) of a mapped face. */
export function faceExtent(face: readonly Keypoint[]): { centre: Vec2; size: number } {
  const points = face.slice(0, 68);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { centre: { x: (minX + maxX) / 2, y: (minY + maxY) / 2 }, size: Math.max(1, distance({ x: minX, y: minY }, { x: maxX, y: maxY })) };
}

/** A face of a person. */
export interface AssignedFace {
  person: number;
  keypoints: Keypoint[];
}

/** Gives each face to the person whose head is nearest its centre, one face per person. */
export function assignFaces(people: readonly Person[], faces: readonly DetectedFace[]): AssignedFace[] {
  const heads = people.map(headPoint);
  const mapped = faces.map(faceFromMesh);
  const extents = mapped.map(faceExtent);
  const matches = matchNearest(
    people.length,
    faces.length,
    (p, f) => {
      const head = heads[p];
      return head ? distance(head, extents[f].centre) : Infinity;
    },
    (_p, f) => MAX_HEAD_GAP_IN_FACES * extents[f].size,
  );
  return matches.map(({ anchor, candidate }) => ({ person: anchor, keypoints: mapped[candidate] }));
}
