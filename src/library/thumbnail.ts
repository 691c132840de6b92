import { boundingBox, mapAnimal, mapPerson, personKeypoints, type Box, type PoseDocument } from '../pose/index.js';
import type { PresetKind } from './types.js';

/** Side of a library thumbnail in pixels (square): built-in presets and saved poses alike. */
export const THUMBNAIL_SIZE = 192;

/** Share of the thumbnail left empty around the pose on each side. */
const MARGIN = 0.08;

/** The part of a pose its thumbnail frames: the hands of a gesture, the face of an expression, else everyone. */
export function focusBox(doc: PoseDocument, kind: PresetKind | 'scene'): Box | null {
  const points = doc.people.flatMap((p) =>
    kind === 'hand' ? [...(p.rightHand ?? []), ...(p.leftHand ?? [])] : kind === 'face' ? (p.face ?? []) : personKeypoints(p),
  );
  const animals = kind === 'hand' || kind === 'face' ? [] : doc.animals.flatMap((a) => a.keypoints);
  return boundingBox([...points, ...animals]);
}

/** The pose moved and scaled so that `box` fills a size x size canvas (less the margin), centred. */
export function framePose(doc: PoseDocument, box: Box | null, size = THUMBNAIL_SIZE): PoseDocument {
  const frame = box ?? { minX: 0, minY: 0, maxX: doc.canvas_width, maxY: doc.canvas_height };
  const extent = Math.max(frame.maxX - frame.minX, frame.maxY - frame.minY, 1);
  const k = (size * (1 - 2 * MARGIN)) / extent;
  const [cx, cy] = [(frame.minX + frame.maxX) / 2, (frame.minY + frame.maxY) / 2];
  const f = (p: { x: number; y: number }) => ({ x: size / 2 + (p.x - cx) * k, y: size / 2 + (p.y - cy) * k });
  return { canvas_width: size, canvas_height: size, people: doc.people.map((p) => mapPerson(p, f)), animals: doc.animals.map((a) => mapAnimal(a, f)) };
}
