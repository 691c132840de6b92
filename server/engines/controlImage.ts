import { rasterizeOpenPose, type PoseDocument } from '../../src/pose/index.js';
import { encodePng } from './png/encodePng.js';

/** Renders the OpenPose control image of a pose at width x height with src/pose's renderer (as ControlNet draws it). */
export function renderControlImage(doc: PoseDocument, width: number, height: number): Buffer {
  const raster = { width, height, data: new Uint8ClampedArray(width * height * 4) };
  rasterizeOpenPose(doc, raster);
  return encodePng(raster);
}
