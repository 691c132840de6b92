import type { Keypoint } from '../types.js';
import type { DetectedFace, DetectedPoint } from './detections.js';
import { distance } from '../geometry.js';

/**
 * The 68 iBUG points as MediaPipe face-mesh vertices: @vladmandic/human's VTX68 list
 * (src/face/facemeshcoords.ts), jaw from the person's right to left, then brows, nose, eyes, lips.
 */
export const MESH_VERTEX_OF_IBUG_68: readonly number[] = [
  127, 234, 132, 58, 172, 150, 149, 148, 152, 377, 378, 379, 397, 288, 361, 454, 356, 70, 63, 105, 66, 107, 336, 296, 334, 293, 300, 168, 6, 195, 4, 98, 97, 2,
  326, 327, 33, 160, 158, 133, 153, 144, 362, 385, 387, 263, 373, 380, 57, 40, 37, 0, 267, 270, 287, 321, 314, 17, 84, 91, 78, 81, 13, 311, 308, 402, 14, 178,
];

/** First vertex of each of the two iris groups (centre first, then 4 rim points) after the 468 mesh points. */
export const IRIS_CENTRE_VERTICES = [468, 473] as const;

const RIGHT_EYE = [36, 37, 38, 39, 40, 41];
const LEFT_EYE = [42, 43, 44, 45, 46, 47];

const centroid = (points: readonly DetectedPoint[]) => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});

/**
 * The two pupils in OpenPose order (right, left). Each iris goes to the eye outline it is nearest,
 * rather than trusting which iris group the mesh calls left; without iris points the eye centres stand in.
 */
export function pupilsFor(face68: readonly DetectedPoint[], mesh: readonly DetectedPoint[]): [DetectedPoint, DetectedPoint] {
  const right = centroid(RIGHT_EYE.map((i) => face68[i]));
  const left = centroid(LEFT_EYE.map((i) => face68[i]));
  const [a, b] = IRIS_CENTRE_VERTICES.map((i) => mesh[i]);
  if (!a || !b)
    return [
      { ...right, score: 0 },
      { ...left, score: 0 },
    ];
  const straight = distance(a, right) + distance(b, left) <= distance(a, left) + distance(b, right);
  return straight ? [a, b] : [b, a];
}

/** A face mesh as the 70 OpenPose face keypoints (68 iBUG points and 2 pupils), all visible. */
export function faceFromMesh(face: DetectedFace): Keypoint[] {
  if (face.mesh.length < 468) throw new Error(`A face mesh has 468 or 478 points, got ${face.mesh.length}`);
  const ibug = MESH_VERTEX_OF_IBUG_68.map((v) => face.mesh[v]);
  const pupils = pupilsFor(ibug, face.mesh);
  // Without iris points the pupils are guesses at the eye centres: hidden, not invented.
  const pupilsKnown = face.mesh.length >= 478;
  return [...ibug.map((p) => ({ x: p.x, y: p.y, visible: true })), ...pupils.map((p) => ({ x: p.x, y: p.y, visible: pupilsKnown }))];
}
