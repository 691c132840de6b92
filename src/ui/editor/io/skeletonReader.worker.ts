// Reads a skeleton PNG's pixels back into a pose off the editor's thread: the hand reading
// anneals for seconds on a drawing of many people, and the editor stays usable meanwhile.
import { poseFromPng, type RgbaImage } from '../../../pose';
import type { SkeletonReply } from './readSkeletonPng';

const scope = self as unknown as { onmessage: ((event: MessageEvent<RgbaImage>) => void) | null; postMessage(reply: SkeletonReply): void };

scope.onmessage = (event) => {
  try {
    scope.postMessage({ ok: true, pose: poseFromPng(event.data) });
  } catch (error) {
    scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
