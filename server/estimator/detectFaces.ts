import type { Tensor4D } from '@tensorflow/tfjs-core';
import type { DetectedFace } from '../../src/pose/estimate/index.js';
import type { Runtime } from './humanRuntime.js';

/** Faces human is less sure of than this are mostly profiles and backs of heads, whose mesh is a guess. */
const MIN_FACE_SCORE = 0.5;

/** Runs human's face pipeline (blazeface, face mesh, iris) on a photo tensor; 478-point meshes in its pixels. */
export async function detectFaces(rt: Runtime, photo: Tensor4D): Promise<DetectedFace[]> {
  const result = await rt.human.detect(photo);
  if (result.error) throw new Error(`face detection: ${result.error}`);
  return result.face
    .filter((face) => face.score >= MIN_FACE_SCORE && face.mesh.length >= 468)
    .map((face) => ({ score: face.score, mesh: face.mesh.map(([x, y]) => ({ x, y, score: face.score })) }));
}
