import { createDefaultPerson } from './create.js';
import { createEmptyDocument } from './document.js';
import type { PoseDocument } from './types.js';

/** Canvas of the built-in pose: the product's default image size. */
export const DEFAULT_POSE_SIZE = { width: 400, height: 600 } as const;

/** How tall the built-in person (and a newly added one) stands on a canvas this tall: 440 of 600, exactly. */
export function defaultPersonHeight(canvasHeight: number): number {
  return (canvasHeight * 440) / 600;
}

// public/default-pose.png is this document at 400 x 600 drawn by `npm run render` (tests/fixtures/pose/default-pose.json).
/** The built-in pose: one standing person, body only, centred on a canvas of the given size. */
export function createDefaultPoseDocument(width: number = DEFAULT_POSE_SIZE.width, height: number = DEFAULT_POSE_SIZE.height): PoseDocument {
  const doc = createEmptyDocument(width, height);
  doc.people.push(createDefaultPerson({ centre: { x: width / 2, y: height / 2 }, height: defaultPersonHeight(height) }));
  return doc;
}
