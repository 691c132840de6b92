import {
  IMAGE_HEADER_BYTES,
  isOnBlack,
  readImageHeader,
  skeletonSizeProblem,
  type PoseDocument,
  type PoseProblem,
  type RgbaImage,
  type UncertainHand,
} from '../../../pose';
import { createScene, type Scene } from '../../../editor/model/scene';
import { fitCanvas } from './importPose';
import { skeletonReading } from './skeletonReading';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The pixels of an image file, decoded by the browser, or why they are not read; an image too large is refused by its header, before decoding. Throws what the browser throws on a file it cannot decode. */
async function decodePixels(file: Blob): Promise<{ image: RgbaImage } | { problem: PoseProblem }> {
  const declared = readImageHeader(new Uint8Array(await file.slice(0, IMAGE_HEADER_BYTES).arrayBuffer()));
  const tooLarge = declared && skeletonSizeProblem(declared.width, declared.height);
  if (tooLarge) return { problem: tooLarge };
  // The file's own bytes, not colour-managed: a gAMA, cHRM or iCCP chunk would shift the drawing
  // colours the reader knows limbs by (ImageMagick's gAMA moves some by up to 9 levels).
  const bitmap = await createImageBitmap(file, { colorSpaceConversion: 'none' });
  try {
    const problem = skeletonSizeProblem(bitmap.width, bitmap.height);
    if (problem) return { problem };
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [bitmap.width, bitmap.height];
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return { problem: { code: 'noCanvas', values: {} } };
    ctx.drawImage(bitmap, 0, 0);
    return { image: ctx.getImageData(0, 0, bitmap.width, bitmap.height) };
  } finally {
    bitmap.close();
  }
}

/** What reading a skeleton image gave: the scene; or `cancelled` (stopped, or another image imported before this one was read); or the problem (`notSkeleton`: it looks like a photo, or is too large for a skeleton, so it may serve as a reference image). */
export type SkeletonResult =
  | { ok: true; scene: Scene; people: number; animals: number; uncertainHands: UncertainHand[] }
  | { ok: false; cancelled: true }
  | { ok: false; cancelled: false; notSkeleton: boolean; problem: PoseProblem };

/** The reader worker's answer to one image: the pose, or why none was read (`notSkeleton`: no one is in it). */
export type SkeletonReply = { ok: true; pose: PoseDocument; uncertainHands: UncertainHand[] } | { ok: false; problem: PoseProblem; notSkeleton?: boolean };

/** What the reader worker posts: how far it is (hands read of those found), then its answer. */
export type SkeletonWorkerMessage = { progress: { read: number; found: number } } | { reply: SkeletonReply };

/** Reads the pixels in a worker (skeletonReader.worker.ts); null when it was cancelled or a newer import took its place (only the newest is wanted). */
function readInWorker(image: RgbaImage): Promise<SkeletonReply | null> {
  skeletonReading.get()?.cancel();
  const worker = new Worker(new URL('./skeletonReader.worker.ts', import.meta.url), { type: 'module' });
  return new Promise((resolve) => {
    const mine = () => skeletonReading.get()?.cancel === cancel;
    const finish = (reply: SkeletonReply | null) => {
      worker.terminate();
      if (mine()) skeletonReading.set(null);
      resolve(reply);
    };
    const cancel = () => finish(null);
    skeletonReading.set({ cancel, hands: null });
    worker.onmessage = (event: MessageEvent<SkeletonWorkerMessage>) => {
      const message = event.data;
      if ('reply' in message) finish(message.reply);
      else if (mine()) skeletonReading.set({ cancel, hands: message.progress });
    };
    worker.onerror = (event) =>
      finish({ ok: false, problem: event.message ? { code: 'readerFailed', values: { detail: event.message } } : { code: 'readerStopped', values: {} } });
    worker.postMessage(image, [image.data.buffer]);
  });
}

const refusal = (problem: PoseProblem, notSkeleton = false): SkeletonResult => ({ ok: false, cancelled: false, notSkeleton, problem });

/** Reads an OpenPose skeleton PNG (ControlNet's drawing) back into an editable scene; never throws. */
export async function readSkeletonPng(file: Blob): Promise<SkeletonResult> {
  let decoded: Awaited<ReturnType<typeof decodePixels>>;
  try {
    decoded = await decodePixels(file);
  } catch (error) {
    return refusal({ code: 'imageUndecodable', values: { detail: errorText(error) } });
  }
  // An image too large to be read as a skeleton may still serve, shrunk, as a reference image.
  if ('problem' in decoded) return refusal(decoded.problem, decoded.problem.code === 'skeletonTooLarge');
  const { image } = decoded;
  if (!isOnBlack(image)) return refusal({ code: 'notSkeleton', values: {} }, true);
  let reply: SkeletonReply | null;
  try {
    reply = await readInWorker(image);
  } catch (error) {
    // A browser that cannot start the worker (none, or a policy refusing it) says why.
    return refusal({ code: 'readerFailed', values: { detail: errorText(error) } });
  }
  if (!reply) return { ok: false, cancelled: true };
  if (!reply.ok) return refusal(reply.problem, reply.notSkeleton);
  const { pose, uncertainHands } = reply;
  return { ok: true, scene: createScene(fitCanvas(pose)), people: pose.people.length, animals: pose.animals.length, uncertainHands };
}
