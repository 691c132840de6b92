import { createDefaultPerson } from './create.js';
import { createEmptyDocument } from './document.js';
import type { PoseDocument } from './types.js';

/** Canvas of the built-in pose: the product's default image size. */
export const DEFAULT_POSE_SIZE = { width: 400, height: 600 } as const;

// public/default-pose.png is this document drawn by `npm run render` (tests/fixtures/pose/default-pose.json).
/** The built-in pose: one standing person, body only, centred in 400 x 600. */
export function createDefaultPoseDocument(): PoseDocument {
  const doc = createEmptyDocument(DEFAULT_POSE_SIZE.width, DEFAULT_POSE_SIZE.height);
  doc.people.push(createDefaultPerson({ centre: { x: 200, y: 300 }, height: 440 }));
  return doc;
}
