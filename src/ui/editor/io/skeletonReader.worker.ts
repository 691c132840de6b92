// Reads a skeleton PNG's pixels back into a pose off the editor's thread: the hand reading
// anneals for seconds on a drawing of many people, and the editor stays usable meanwhile.
import { poseFromPng, type RgbaImage } from '../../../pose';
import type { SkeletonWorkerMessage } from './readSkeletonPng';

const scope = self as unknown as { onmessage: ((event: MessageEvent<RgbaImage>) => void) | null; postMessage(message: SkeletonWorkerMessage): void };

scope.onmessage = (event) => {
  try {
    const pose = poseFromPng(event.data, (read, found) => scope.postMessage({ progress: { read, found } }));
    scope.postMessage({ reply: { ok: true, pose } });
  } catch (error) {
    scope.postMessage({ reply: { ok: false, problem: { code: 'readerFailed', values: { detail: error instanceof Error ? error.message : String(error) } } } });
  }
};
