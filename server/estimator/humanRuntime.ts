import { createRequire } from 'node:module';
import path from 'node:path';
import type * as tfCore from '@tensorflow/tfjs-core';
import type { GraphModel, loadGraphModel } from '@tensorflow/tfjs-converter';
import type { Config, Human } from '@vladmandic/human';
import { MODEL_URL_PREFIX, MODELS_DIR, registerModelRouter } from './modelFiles.js';

/** The tfjs namespace human bundles (core + converter + WASM backend), typed. */
export type Tf = typeof tfCore & { loadGraphModel: typeof loadGraphModel };

/** Everything inference needs: human for faces, and the two models we drive ourselves. */
export interface Runtime {
  human: Human;
  tf: Tf;
  movenet: GraphModel;
  handLandmarks: GraphModel;
}

const require = createRequire(import.meta.url);
const off = { enabled: false };

/** human's face pipeline only (blazeface, face mesh, iris); bodies and hands run on their own models. */
const HUMAN_CONFIG: Partial<Config> = {
  backend: 'wasm',
  modelBasePath: MODEL_URL_PREFIX,
  debug: false,
  async: true,
  warmup: 'none',
  // 0 turns off human's frame cache: each photo is a new scene, never a video frame.
  cacheSensitivity: 0,
  cacheModels: false,
  validateModels: false,
  filter: { enabled: false },
  gesture: off,
  face: {
    enabled: true,
    detector: { modelPath: 'blazeface.json', rotation: true, maxDetected: 20, minConfidence: 0.3, iouThreshold: 0.1, skipFrames: 0, skipTime: 0 },
    mesh: { enabled: true, modelPath: 'facemesh.json' },
    iris: { enabled: true, modelPath: 'iris.json' },
    attention: off,
    emotion: off,
    description: off,
    antispoof: off,
    liveness: off,
  },
  body: off,
  hand: off,
  object: off,
  segmentation: off,
};

/**
 * Loads human's Node WASM build by file path (its package "exports" would pick the tfjs-node build,
 * whose native binary cannot be installed here), then every model from disk.
 */
export async function loadRuntime(modelsDir = MODELS_DIR): Promise<Runtime> {
  const humanDist = path.join(path.dirname(require.resolve('@vladmandic/human')), 'human.node-wasm.js');
  const { Human: HumanClass } = require(humanDist) as { Human: new (config: Partial<Config>) => Human };
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const human = new HumanClass({ ...HUMAN_CONFIG, wasmPath: `${wasmDir}${path.sep}` });
  const tf = human.tf as Tf;
  registerModelRouter(tf, modelsDir);
  await human.init();
  if (tf.getBackend() !== 'wasm') throw new Error(`The WASM backend did not start (backend: ${tf.getBackend()})`);
  await human.load();
  const [movenet, handLandmarks] = await Promise.all([
    tf.loadGraphModel(`${MODEL_URL_PREFIX}movenet-multipose.json`),
    tf.loadGraphModel(`${MODEL_URL_PREFIX}handlandmark-full.json`),
  ]);
  return { human, tf, movenet, handLandmarks };
}
