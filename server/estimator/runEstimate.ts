import type { Tensor4D } from '@tensorflow/tfjs-core';
import { BODY, toOpenPoseJson, type OpenPoseJson, type Person } from '../../src/pose/index.js';
import { peopleFromBodies, toPhotoDocument, withFaces, withHandDepth, withHands } from '../../src/pose/estimate/index.js';
import { decodePhoto } from './decodeImage.js';
import { detectBodies } from './detectBodies.js';
import { detectFaces } from './detectFaces.js';
import { detectHands } from './detectHands.js';
import { handCropFromArm, type HandCrop } from './handCrop.js';
import type { Runtime } from './humanRuntime.js';

/** The stages an estimate reports, in order. */
export type EstimateStage = 'queued' | 'decoding' | 'body' | 'face' | 'hands' | 'done';

/** What to look for besides bodies, and how large a photo the models see. */
export interface EstimateOptions {
  hands: boolean;
  face: boolean;
  inferenceMaxSide: number;
}

/** A finished estimate: the people JSON in the photo's pixels, and where the time went (per stage, and `cpu` in all). */
export interface EstimateOutput {
  pose: OpenPoseJson;
  timingsMs: Record<string, number>;
}

/** Progress so far, 0..1, as each stage starts. */
export type ProgressReport = (stage: EstimateStage, progress: number) => void;

const ARMS = [
  { wrist: BODY.left_wrist, elbow: BODY.left_elbow, shoulder: BODY.left_shoulder },
  { wrist: BODY.right_wrist, elbow: BODY.right_elbow, shoulder: BODY.right_shoulder },
];

/** One crop per arm whose wrist and elbow are both seen. */
export function handCropsFor(people: readonly Person[]): HandCrop[] {
  return people.flatMap((person) =>
    ARMS.flatMap(({ wrist, elbow, shoulder }) => {
      const [w, e, s] = [person.body[wrist], person.body[elbow], person.body[shoulder]];
      const crop = w.visible && e.visible ? handCropFromArm(w, e, s.visible ? s : null) : null;
      return crop ? [crop] : [];
    }),
  );
}

/** Estimates every person in a photo: bodies, then (if asked) faces and hands, in the photo's pixels. */
export async function runEstimate(rt: Runtime, bytes: Uint8Array, options: EstimateOptions, report: ProgressReport): Promise<EstimateOutput> {
  const timingsMs: Record<string, number> = {};
  // CPU time next to wall time: on a busy machine the wall clock also counts other processes' turns.
  const cpuAtStart = process.cpuUsage();
  let started = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timingsMs[name] = Math.round(now - started);
    started = now;
  };
  report('decoding', 0.05);
  const photo = await decodePhoto(bytes, options.inferenceMaxSide);
  const input = rt.tf.tensor(photo.rgb, [1, photo.seenHeight, photo.seenWidth, 3], 'float32') as Tensor4D;
  lap('decode');
  try {
    report('body', 0.15);
    let people = peopleFromBodies(await detectBodies(rt, input));
    lap('body');
    if (options.face && people.length > 0) {
      report('face', 0.45);
      people = withFaces(people, await detectFaces(rt, input));
      lap('face');
    }
    const crops = options.hands ? handCropsFor(people) : [];
    if (crops.length > 0) {
      report('hands', 0.7);
      people = withHandDepth(withHands(people, await detectHands(rt, input, crops)));
      lap('hands');
    }
    const seen = { width: photo.seenWidth, height: photo.seenHeight };
    const pose = toOpenPoseJson(toPhotoDocument(people, seen, photo));
    const cpu = process.cpuUsage(cpuAtStart);
    timingsMs.cpu = Math.round((cpu.user + cpu.system) / 1000);
    return { pose, timingsMs };
  } finally {
    input.dispose();
  }
}

/** Runs every model once on a blank image, so the first real photo does not pay for WASM's first-call set-up. */
export async function warmUp(rt: Runtime): Promise<void> {
  const blank = rt.tf.fill([1, 480, 640, 3], 128, 'float32') as Tensor4D;
  try {
    await detectBodies(rt, blank);
    await detectFaces(rt, blank);
    await detectHands(rt, blank, [{ centre: { x: 320, y: 240 }, size: 120, angle: 0.5 }]);
  } finally {
    blank.dispose();
  }
}
