// Reads a skeleton PNG's pixels back into a pose off the editor's thread: the hand reading
// anneals for seconds on a drawing of many people, and the editor stays usable meanwhile.
import { noOneReadProblem, readSkeleton, type RgbaImage } from '../../../pose';
import type { SkeletonWorkerMessage } from './readSkeletonPng';

const scope = self as unknown as { onmessage: ((event: MessageEvent<RgbaImage>) => void) | null; postMessage(message: SkeletonWorkerMessage): void };

scope.onmessage = (event) => {
  try {
    const { pose, uncertainHands } = readSkeleton(event.data, (read, found) => scope.postMessage({ progress: { read, found } }));
    // An image that gives no one is refused with why, and may still serve as a reference image.
    const found = pose.people.length + pose.animals.length > 0;
    scope.postMessage({ reply: found ? { ok: true, pose, uncertainHands } : { ok: false, problem: noOneReadProblem(event.data), notSkeleton: true } });
  } catch (error) {
    scope.postMessage({ reply: { ok: false, problem: { code: 'readerFailed', values: { detail: error instanceof Error ? error.message : String(error) } } } });
  }
};
