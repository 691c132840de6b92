import { rasterizeOpenPose, type PoseDocument } from '../../src/pose/index.js';
import { encodePng } from './png/encodePng.js';

/** Longer side of a pose thumbnail in pixels (history lists show it at 72 CSS pixels). */
const THUMBNAIL_SIDE = 96;

/** The pose's OpenPose drawing, scaled to fit THUMBNAIL_SIDE, as a PNG. Runs in the render process. */
export function renderPoseThumbnail(doc: PoseDocument): Buffer {
  const scale = THUMBNAIL_SIDE / Math.max(doc.canvas_width, doc.canvas_height);
  const width = Math.max(1, Math.round(doc.canvas_width * scale));
  const height = Math.max(1, Math.round(doc.canvas_height * scale));
  const raster = { width, height, data: new Uint8ClampedArray(width * height * 4) };
  rasterizeOpenPose(doc, raster);
  return encodePng(raster);
}
