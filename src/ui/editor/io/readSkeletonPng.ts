import { PNG_HEADER_BYTES, pngSize, skeletonSizeRefusal, type PoseDocument, type RgbaImage } from '../../../pose';
import { createScene, type Scene } from '../../../editor/model/scene';
import { fitCanvas } from './importPose';
import { skeletonReading } from './skeletonReading';

const refuseSize = (width: number, height: number) => {
  const refusal = skeletonSizeRefusal(width, height);
  if (refusal) throw new Error(refusal);
};

/** The pixels of an image file, decoded by the browser; a PNG too large is refused by its header, before decoding. */
async function decodePixels(file: Blob): Promise<RgbaImage> {
  const declared = pngSize(new Uint8Array(await file.slice(0, PNG_HEADER_BYTES).arrayBuffer()));
  if (declared) refuseSize(declared.width, declared.height);
  const bitmap = await createImageBitmap(file);
  try {
    refuseSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [bitmap.width, bitmap.height];
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('This browser cannot draw on a canvas');
    ctx.drawImage(bitmap, 0, 0);
    return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

// A control image is black but for its strokes: a photo or a drawing is not one.
function mostlyBlack(image: RgbaImage): boolean {
  let black = 0;
  const step = Math.max(1, Math.floor((image.width * image.height) / 20_000));
  let seen = 0;
  for (let i = 0; i < image.width * image.height; i += step, seen++) {
    const j = i * 4;
    if ((image.data[j] ?? 0) + (image.data[j + 1] ?? 0) + (image.data[j + 2] ?? 0) < 30) black++;
  }
  return black / seen > 0.6;
}

/** What reading a skeleton PNG gave: the scene, or why it is no skeleton (`notSkeleton`: it looks like a photo, so it may serve as a reference image; `cancelled`: stopped, or another PNG imported before this one was read). */
export type SkeletonResult = { ok: true; scene: Scene; people: number } | { ok: false; notSkeleton: boolean; cancelled?: boolean; message: string };

/** The reader worker's answer to one image: the pose, or why reading failed. */
export type SkeletonReply = { ok: true; pose: PoseDocument } | { ok: false; message: string };

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
    worker.onerror = (event) => finish({ ok: false, message: event.message || 'the skeleton reader stopped' });
    worker.postMessage(image, [image.data.buffer]);
  });
}

/** Reads an OpenPose skeleton PNG (ControlNet's drawing) back into an editable scene; never throws. */
export async function readSkeletonPng(file: Blob): Promise<SkeletonResult> {
  let image: RgbaImage;
  try {
    image = await decodePixels(file);
  } catch (error) {
    return { ok: false, notSkeleton: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (!mostlyBlack(image)) return { ok: false, notSkeleton: true, message: 'the image is not an OpenPose skeleton on black' };
  let reply: SkeletonReply | null;
  try {
    reply = await readInWorker(image);
  } catch (error) {
    // A browser that cannot start the worker (none, or a policy refusing it) says why.
    return { ok: false, notSkeleton: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (!reply) return { ok: false, notSkeleton: false, cancelled: true, message: 'the reading was cancelled' };
  if (!reply.ok) return { ok: false, notSkeleton: false, message: reply.message };
  const { pose } = reply;
  if (pose.people.length === 0) return { ok: false, notSkeleton: true, message: 'no skeleton was found in the image' };
  return { ok: true, scene: createScene(fitCanvas(pose)), people: pose.people.length };
}
